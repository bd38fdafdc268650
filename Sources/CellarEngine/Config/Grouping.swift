import CellarDiagnostics
import CellarMarkdown
import Foundation

/// How a list page splits its cells into page sections.
package enum Grouping: Sendable, Hashable {
    case none, year, month
    case field(String)

    init(_ text: String?) {
        switch text {
        case nil, "none", "": self = .none
        case "year": self = .year
        case "month": self = .month
        case let field?: self = .field(field)
        }
    }
}

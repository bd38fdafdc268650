import CellarDiagnostics
import CellarMarkdown
import Foundation

/// How a section orders its items.
package enum SortKey: String, Sendable, Hashable {
    case date, title, weight
}

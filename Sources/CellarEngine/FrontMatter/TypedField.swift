import CellarDiagnostics
import Foundation

/// A value with the place it was written, for diagnostics raised after typing.
package struct TypedField: Sendable, Hashable {
    package var value: FieldValue
    package var location: SourceLocation?

    package init(_ value: FieldValue, at location: SourceLocation?) {
        self.value = value
        self.location = location
    }
}

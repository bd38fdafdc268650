import CellarDiagnostics
import Foundation

/// A value with the place it was written, for diagnostics raised after typing.
public struct TypedField: Sendable, Hashable {
    public var value: FieldValue
    public var location: SourceLocation?

    public init(_ value: FieldValue, at location: SourceLocation?) {
        self.value = value
        self.location = location
    }
}

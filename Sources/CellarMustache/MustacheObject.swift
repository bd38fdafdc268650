/// A Swift value that a template can render without first copying it into a dictionary
/// (Cellar's typed items, dates, enum values…).
///
/// ```swift
/// struct Review: MustacheObject {
///     var title: String; var rating: Int
///     func mustacheValue(forKey key: String) -> MustacheValue? {
///         switch key {
///         case "title": .string(title)
///         case "rating": .int(rating)
///         default: nil
///         }
///     }
/// }
/// ```
package protocol MustacheObject: Sendable {
    /// The value for `key`, or nil when this object has no such key (lookup then continues
    /// down the context stack, per spec).
    func mustacheValue(forKey key: String) -> MustacheValue?
    /// The value for `key` in a dotted name (`{{t.min_read}}`), where `scope` gives what the names
    /// visible at the tag resolve to; default ``mustacheValue(forKey:)``. For objects whose answer
    /// depends on where they are used. `scope` is valid only during the call.
    func mustacheValue(forKey key: String, in scope: MustacheScope) -> MustacheValue?
    /// Truthiness when used as a section; default `true`.
    var mustacheIsTruthy: Bool { get }
    /// What `{{x}}` prints for this object (e.g. a date object prints its ISO form), or nil to
    /// print nothing; default nil. A `.custom` value returned here prints nothing.
    var mustacheInterpolation: MustacheValue? { get }
    /// If non-nil, a section over this object iterates these values like a list; default nil.
    var mustacheListElements: [MustacheValue]? { get }
}

extension MustacheObject {
    package func mustacheValue(forKey key: String, in scope: MustacheScope) -> MustacheValue? {
        mustacheValue(forKey: key)
    }

    package var mustacheIsTruthy: Bool { true }
    package var mustacheInterpolation: MustacheValue? { nil }
    package var mustacheListElements: [MustacheValue]? { nil }
}

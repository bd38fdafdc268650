/// A value a template renders: the context of `{{name}}`, `{{#section}}` and `{{>*dynamic}}` tags.
///
/// Truthiness follows the Mustache spec as written: `.null`, `.bool(false)` and an empty `.list` are
/// falsy; everything else, including `""`, `0` and an empty object, is truthy. A ``MustacheObject``
/// decides for itself through ``MustacheObject/mustacheIsTruthy``.
///
/// ```swift
/// let context: MustacheValue = ["title": "Dune", "rating": 9, "tags": ["sf", "classic"]]
/// ```
package enum MustacheValue: Sendable {
    /// Nothing: falsy, prints nothing.
    case null
    /// Prints `true` or `false`; `false` is falsy.
    case bool(Bool)
    /// Prints in decimal.
    case int(Int)
    /// Prints in its shortest exact form (`1.21`); integral values print without `.0`.
    case double(Double)
    /// Text: `{{x}}` escapes it for HTML, `{{{x}}}` and `{{& x}}` print it as it is.
    case string(String)
    /// HTML that is already safe: never escaped, even by `{{x}}`.
    case html(String)
    /// A list: a section renders once per element; empty lists are falsy.
    case list([MustacheValue])
    /// A hash: its keys are names a tag can look up.
    case object([String: MustacheValue])
    /// A Swift value that answers lookups itself, without being copied into an `.object`.
    /// (Stored indirectly: one pointer keeps every `MustacheValue` small and cheap to copy.)
    indirect case custom(any MustacheObject)
}

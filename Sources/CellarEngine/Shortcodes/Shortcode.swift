import CellarMustache

/// An embed a theme offers Markdown bodies — `{{< video src="/clips/a.mp4" >}}` — declared like a
/// kind: `shortcodes/<name>.yml` types its arguments with the same field types, and
/// `shortcodes/<name>.html` (Mustache) draws it.
package struct Shortcode: Sendable {
    /// Whether a call wraps content: `{{< note >}}Markdown{{< /note >}}`.
    package enum Content: String, Sendable {
        /// Never: `{{< figure … >}}` alone.
        case none
        /// Either way.
        case optional
        /// Always: the call needs its `{{< /name >}}`.
        case required
    }

    package var name: String
    package var description: String?
    package var content: Content
    /// The names given to arguments written without one, in order (`{{< youtube dQw4w9WgXcQ >}}`).
    package var positional: [String]
    /// The arguments, typed like a kind's fields.
    package var arguments: Schema
    package var template: MustacheTemplate
    /// The declaration as shown in messages: `themes/default/shortcodes/video.yml`.
    package var file: String

    /// Names a shortcode's template is given besides its arguments, so no argument may take them.
    static let reservedNames: Set<String> = ["inner", "site", "t"]

    /// Whether `name` can be called: ASCII letters, digits, `_` and `-` (what a call's name may hold).
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }
}

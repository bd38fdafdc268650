/// A theme's texts in one language, with English filling the gaps: what `{{t.name}}` reads.
package struct ThemeTextTable: Sendable {
    /// The language asked for (its plural rules apply).
    package var language: String
    var messages: [String: ThemeTextMessage]

    init(language: String, messages: [String: ThemeTextMessage]) {
        self.language = language
        self.messages = messages
    }

    /// The text `key` with its placeholders filled by `value`, or nil when the theme has no such text.
    func text(_ key: String, value: (String) -> String?) -> String? {
        messages[key]?.render(language: language, value: value)
    }
}

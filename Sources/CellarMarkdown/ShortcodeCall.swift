/// A shortcode a Markdown body calls — `{{< video src="/clips/a.mp4" caption="…" >}}`, Hugo's
/// syntax — found outside code spans, code blocks and raw HTML.
package struct ShortcodeCall: Sendable, Hashable {
    package var name: String
    package var arguments: [ShortcodeArgument]
    /// 1-based line and column (in characters) of the `{{<` in the Markdown source.
    package var line: Int
    package var column: Int
    /// Whether a `{{< /name >}}` closes it: what lies between is its content, rendered as Markdown.
    package var isPaired: Bool
    /// The call as written, from `{{<` to `>}}`.
    package var text: String
}

/// One argument of a ``ShortcodeCall``: `caption="A lake"`, or a positional `dQw4w9WgXcQ`.
package struct ShortcodeArgument: Sendable, Hashable {
    /// nil for a positional argument.
    package var name: String?
    /// The value, quotes and escapes removed.
    package var value: String
    /// 1-based line and column of the value (of its opening quote when quoted).
    package var line: Int
    package var column: Int
    /// Whether the value was written in quotes (then it is always text).
    package var quoted: Bool
    /// Where the name is written (the value's place for a positional argument).
    package var nameLine: Int
    package var nameColumn: Int

    package init(name: String?, value: String, line: Int, column: Int, quoted: Bool, nameLine: Int? = nil, nameColumn: Int? = nil) {
        self.name = name
        self.value = value
        self.line = line
        self.column = column
        self.quoted = quoted
        self.nameLine = nameLine ?? line
        self.nameColumn = nameColumn ?? column
    }
}

/// What a shortcode call becomes.
package enum ShortcodeOutput: Sendable, Hashable {
    /// HTML in place of the call (a call alone on its line replaces its paragraph).
    case html(String)
    /// For a paired call: HTML before and after its content, which is rendered between them.
    case wrap(before: String, after: String)
}

/// A `{{<` that could not be read as a call, or a closing tag that closes nothing, with its place.
package struct MarkdownShortcodeProblem: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// `{{<` with no `>}}` after it in the same paragraph: it stays as written.
        case unclosedCall
        /// An argument value whose quote is never closed.
        case unclosedQuote
        /// `{{<` not followed by a shortcode name.
        case missingName
        /// `{{< /name >}}` with no `{{< name >}}` open before it.
        case strayClosing(String)
    }

    package var kind: Kind
    /// 1-based line and column (in characters) within the Markdown source.
    package var line: Int
    package var column: Int
}

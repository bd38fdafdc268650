import CCmark

/// How Markdown is rendered.
public struct MarkdownOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Curly quotes, en and em dashes, ellipses.
    public static let smartPunctuation = MarkdownOptions(rawValue: CMARK_OPT_SMART)
    /// Let raw HTML and dangerous URLs through (off by default: they are dropped).
    public static let allowRawHTML = MarkdownOptions(rawValue: CMARK_OPT_UNSAFE)

    public static let `default`: MarkdownOptions = [.smartPunctuation]
}

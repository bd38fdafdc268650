import CCmark
#if canImport(Glibc)
import Glibc
#endif

/// Renders CommonMark with libcmark and learns, in the same walk over the tree, the summary,
/// word count, heading ids and every link and image target. The one file that touches cmark.
///
/// Each call parses its own document, so one renderer may be used from many threads at once.
public struct MarkdownRenderer: Sendable {
    public var options: MarkdownOptions

    public init(options: MarkdownOptions = .default) {
        self.options = options
    }

    /// Renders a Markdown body.
    /// - Parameters:
    ///   - source: the Markdown text.
    ///   - rewrite: called for every link and image; return a new destination to replace it, or nil to keep it.
    public func render(
        _ source: String, rewrite: (MarkdownReference) -> String? = { _ in nil }
    ) -> MarkdownDocument {
        var source = source
        return source.withUTF8 { bytes in
            guard let document = bytes.withMemoryRebound(to: CChar.self, { text in
                cmark_parse_document(text.baseAddress, text.count, options.rawValue)
            }) else {
                return MarkdownDocument(html: "", firstParagraph: "", wordCount: 0, references: [], headingIDs: [])
            }
            defer { cmark_node_free(document) }
            var walker = MarkdownWalker(source: bytes)
            walker.walk(document, rewrite: rewrite)
            let headingIDs = walker.anchorHeadings()
            return MarkdownDocument(
                html: Self.html(of: document, options: options),
                firstParagraph: walker.firstParagraph,
                wordCount: walker.wordCount,
                references: walker.references,
                headingIDs: headingIDs
            )
        }
    }

    /// Renders one line of inline Markdown (a `text` field) without the surrounding `<p>`.
    public func renderInline(_ source: String) -> String {
        var source = source
        let html: String = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                guard let document = cmark_parse_document(text.baseAddress, text.count, options.rawValue) else {
                    return ""
                }
                defer { cmark_node_free(document) }
                return Self.html(of: document, options: options)
            }
        }
        var trimmed = Substring(html)
        while trimmed.last == "\n" { trimmed = trimmed.dropLast() }
        if trimmed.hasPrefix("<p>"), trimmed.hasSuffix("</p>"),
           !trimmed.dropFirst(3).dropLast(4).contains("<p>") {
            trimmed = trimmed.dropFirst(3).dropLast(4)
        }
        return String(trimmed)
    }

    private static func html(of document: OpaquePointer, options: MarkdownOptions) -> String {
        guard let rendered = cmark_render_html(document, options.rawValue) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}

extension MarkdownRenderer {
    /// The version of the libcmark Cellar runs with, as the library reports it ("0.30.2").
    public static var libraryVersion: String { String(cString: cmark_version_string()) }
}

internal import CCmark
internal import CellarEscaping
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Renders Markdown — CommonMark by libcmark, plus the GFM extensions the options switch on — and
/// learns, in the same walk over the tree, the summary, word counts, headings and every link and image
/// target.
///
/// Each call parses its own document, so one renderer may be used from many threads at once.
///
/// ```swift
/// let renderer = MarkdownRenderer(options: .default)
/// let document = renderer.render(markdown, footnoteIDPrefix: "post-3-")
/// print(document.html, document.headings, document.footnoteProblems)
/// ```
package struct MarkdownRenderer: Sendable {
    package var options: MarkdownOptions
    /// Called for every fenced and indented code block; returns the HTML for the whole block (a
    /// syntax highlighter's), or nil for libcmark's `<pre><code class="language-…">`.
    package var codeBlockRenderer: (@Sendable (MarkdownCodeBlock) -> String?)?

    package init(options: MarkdownOptions = .default,
                codeBlockRenderer: (@Sendable (MarkdownCodeBlock) -> String?)? = nil) {
        self.options = options
        self.codeBlockRenderer = codeBlockRenderer
    }

    /// Renders a Markdown body.
    /// - Parameters:
    ///   - source: the Markdown text.
    ///   - footnoteIDPrefix: put before every footnote id, so notes of two bodies shown on one page keep
    ///     apart (`""` gives GitHub's `fn-1` and `fnref-1`).
    ///   - rewrite: called for every link and image; return a new destination to replace it, or nil to keep it.
    ///   - shortcode: called for every shortcode call outside code, in order (``ShortcodeCall``); nil
    ///     output leaves the call as written. Without it, `{{< … >}}` is plain text.
    package func render(
        _ source: String, footnoteIDPrefix: String = "", rewrite: (MarkdownReference) -> String? = { _ in nil },
        shortcode: ((ShortcodeCall) -> ShortcodeOutput?)? = nil
    ) -> MarkdownDocument {
        var bytes = Self.withoutByteOrderMark(source)
        let shortcodes = shortcode == nil ? nil : ShortcodeFinder.find(bytes)
        if let shortcodes { bytes = shortcodes.text }
        let document = render(bytes, footnoteIDPrefix: footnoteIDPrefix, rewrite: rewrite)
        guard let shortcodes, let shortcode else { return document }
        return Self.place(shortcodes, in: document, shortcode)
    }

    private func render(_ bytes: [UInt8], footnoteIDPrefix: String, rewrite: (MarkdownReference) -> String?) -> MarkdownDocument {
        guard let tree = MarkdownParser(options: options).parse(bytes, footnoteIDPrefix: footnoteIDPrefix) else {
            return MarkdownDocument(html: "", firstParagraph: "", wordCount: 0, references: [], headingIDs: [])
        }
        return bytes.withUnsafeBufferPointer { buffer in
            var walker = MarkdownWalker(source: buffer, lines: tree.sourceLines, origins: tree.origins,
                                        mayHaveMoreMarker: tree.mayHaveMoreMarker)
            walker.walk(tree.root, rewrite: rewrite)
            walker.removeMoreMarkers()
            let terms = options.contains(.definitionLists) ? DefinitionLists.build(in: tree.root) : []
            let headings = walker.anchorHeadings(style: options.anchorStyle, terms: options.contains(.definitionTermIDs) ? terms : [])
            if let codeBlockRenderer { Self.renderCodeBlocks(in: tree, with: codeBlockRenderer) }
            return MarkdownDocument(
                html: Self.html(of: tree.root, options: options),
                firstParagraph: walker.firstParagraph,
                wordCount: walker.wordCount,
                references: walker.references,
                headingIDs: headings.map(\.id),
                headings: headings,
                textBeforeMore: walker.textBeforeMore,
                counts: walker.counter.counts,
                footnoteProblems: tree.footnoteProblems
            )
        }
    }

    /// Renders one line of inline Markdown (a `text` field) without the surrounding `<p>`.
    package func renderInline(_ source: String) -> String {
        guard let tree = MarkdownParser(options: options).parse(Self.withoutByteOrderMark(source)) else { return "" }
        let html = Self.html(of: tree.root, options: options)
        var trimmed = Substring(html)
        while trimmed.last == "\n" { trimmed = trimmed.dropLast() }
        if trimmed.hasPrefix("<p>"), trimmed.hasSuffix("</p>"),
           !trimmed.dropFirst(3).dropLast(4).contains("<p>") {
            trimmed = trimmed.dropFirst(3).dropLast(4)
        }
        return String(trimmed)
    }

    /// The document with each shortcode's HTML where its marker is, and markers out of its texts.
    private static func place(_ found: ShortcodeFinder.Result, in document: MarkdownDocument,
                              _ shortcode: (ShortcodeCall) -> ShortcodeOutput?) -> MarkdownDocument {
        var outputs: [Int: ShortcodeOutput] = [:]
        for (index, marker) in found.markers.enumerated() where !marker.isClosing {
            outputs[index] = shortcode(marker.call)
        }
        var document = document
        document.html = ShortcodeMarkers.apply(document.html) { index in
            guard index < found.markers.count else { return nil }
            let marker = found.markers[index]
            let asWritten = (Escaping.htmlAttribute(marker.call.text), false)
            if marker.isClosing {
                guard let opening = marker.opening, case .wrap(_, let after)? = outputs[opening] else { return asWritten }
                return (after, marker.alone)
            }
            switch outputs[index] {
            case .html(let html)?: return (html, marker.alone)
            case .wrap(let before, _)?: return (before, marker.alone)
            case nil: return asWritten
            }
        }
        document.firstParagraph = ShortcodeMarkers.strip(document.firstParagraph)
        document.textBeforeMore = document.textBeforeMore.map(ShortcodeMarkers.strip)
        for index in document.headings.indices { document.headings[index].text = ShortcodeMarkers.strip(document.headings[index].text) }
        document.shortcodeProblems = found.problems
        return document
    }

    /// The UTF-8 bytes of `source`, less a leading byte order mark (libcmark skips it too, but only at the
    /// very start of what it parses, and cells and notes may go before the body).
    private static func withoutByteOrderMark(_ source: String) -> [UInt8] {
        let bytes = Array(source.utf8)
        return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    private static func renderCodeBlocks(in tree: MarkdownTree, with hook: (MarkdownCodeBlock) -> String?) {
        for node in CMark.nodes(under: tree.root, where: { $0 == CMARK_NODE_CODE_BLOCK }) {
            let info = CMark.string(cmark_node_get_fence_info(node))
            let words = info.split(maxSplits: 1, omittingEmptySubsequences: true) { $0 == " " || $0 == "\t" }
            let block = MarkdownCodeBlock(
                language: words.first.map(String.init),
                attributes: words.count > 1 ? String(words[1]).trimmingWhitespace : "",
                code: CMark.string(cmark_node_get_literal(node)),
                line: tree.origins.source(Int(cmark_node_get_start_line(node)))
            )
            guard let html = hook(block), let replacement = CMark.customBlock(enter: html) else { continue }
            CMark.replace(node, with: replacement)
        }
    }

    private static func html(of document: OpaquePointer, options: MarkdownOptions) -> String {
        guard let rendered = cmark_render_html(document, options.cmarkOptions) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}

extension MarkdownRenderer {
    /// The version of the libcmark Cellar runs with, as the library reports it ("0.30.2").
    package static var libraryVersion: String { String(cString: cmark_version_string()) }
}

private extension String {
    var trimmingWhitespace: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}

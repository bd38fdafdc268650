import CellarDiagnostics
import CellarMarkdown

/// Renders an item's Markdown body, rewrites its links and fills in summary and word count.
struct BodyRenderer: Sendable {
    var markdown: MarkdownRenderer
    var links: LinkResolver
    /// Longest summary taken from the first paragraph, in characters.
    var summaryLength = 280

    /// The item with its body rendered, and whether the body links to other content files.
    func render(_ item: Item, diagnostics: inout DiagnosticBag) -> (Item, Bool) {
        var item = item
        var found = DiagnosticBag()
        var dependsOnLinks = false
        let document = markdown.render(item.source.markdown) { reference in
            let rewritten = links.rewrite(reference, in: item, diagnostics: &found)
            if rewritten != nil || !found.isEmpty { dependsOnLinks = true }
            return rewritten
        }
        diagnostics.append(contentsOf: found.diagnostics)
        item.body = Item.Body(html: document.html, summary: Self.clip(document.firstParagraph, to: summaryLength),
                              wordCount: document.wordCount, anchors: document.headingIDs)
        return (item, dependsOnLinks)
    }

    /// Cuts text at a word boundary and adds an ellipsis when it is longer than `length`.
    static func clip(_ text: String, to length: Int) -> String {
        guard text.count > length else { return text }
        var cut = text.prefix(length)
        if let space = cut.lastIndex(of: " ") { cut = cut[..<space] }
        while let last = cut.last, last.isPunctuation { cut = cut.dropLast() }
        return cut + "…"
    }
}

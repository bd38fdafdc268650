import CellarDiagnostics
import CellarMarkdown

/// Renders an item's Markdown body, rewrites its links and fills in summary and word count.
package struct BodyRenderer: Sendable {
    var markdown: MarkdownRenderer
    var links: LinkResolver
    /// Longest summary taken from the first paragraph, in characters.
    var summaryLength = 280

    /// The item with its body rendered, and whether the body links to other content files.
    func render(_ item: Item, diagnostics: inout DiagnosticBag) -> (Item, Bool) {
        // Without a condition to wait on, rendering always completes.
        render(item, diagnostics: &diagnostics, waitingIf: { _ in false }) ?? (item, false)
    }

    /// Renders unless a reference meets `waitingIf`; then nil, and nothing is added to `diagnostics`.
    func render(_ item: Item, diagnostics: inout DiagnosticBag,
                waitingIf: (MarkdownReference) -> Bool) -> (Item, Bool)? {
        var item = item
        var found = DiagnosticBag()
        var dependsOnLinks = false
        var waits = false
        let document = markdown.render(item.source.markdown) { reference in
            if waits || waitingIf(reference) {
                waits = true
                return nil
            }
            let rewritten = links.rewrite(reference, in: item, diagnostics: &found)
            if rewritten != nil || !found.isEmpty { dependsOnLinks = true }
            return rewritten
        }
        if waits { return nil }
        diagnostics.append(contentsOf: found.diagnostics)
        item.body = Item.Body(html: document.html, summary: Self.clip(document.firstParagraph, to: summaryLength),
                              wordCount: document.wordCount, anchors: document.headingIDs)
        return (item, dependsOnLinks)
    }

    /// Cuts text at a word boundary and adds an ellipsis when it is longer than `length`.
    package static func clip(_ text: String, to length: Int) -> String {
        guard text.count > length else { return text }
        var cut = text.prefix(length)
        if let space = cut.lastIndex(of: " ") { cut = cut[..<space] }
        while let last = cut.last, last.isPunctuation { cut = cut.dropLast() }
        return cut + "…"
    }
}

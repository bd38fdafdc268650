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
        let document = markdown.render(item.source.markdown, footnoteIDPrefix: item.anchor + "-") { reference in
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
        for problem in document.footnoteProblems { diagnostics.append(Self.diagnostic(problem, in: item)) }
        // `<!--more-->` ends the summary where the author put it; else the first paragraph, clipped.
        let summary = document.textBeforeMore ?? Self.clip(document.firstParagraph, to: summaryLength)
        item.body = Item.Body(html: document.html, summary: summary, wordCount: document.wordCount,
                              headings: document.headings, counts: document.counts)
        return (item, dependsOnLinks)
    }

    /// A footnote that cannot be drawn as written, reported where it is written.
    static func diagnostic(_ problem: MarkdownFootnoteProblem, in item: Item) -> Diagnostic {
        let location = SourceLocation(file: item.file, line: item.bodyFirstLine + problem.line - 1, column: problem.column)
        switch problem.kind {
        case .undefinedReference:
            return .warning("footnote '[^\(problem.label)]' has no note; it is printed as written", at: location,
                            hint: "add a line '[^\(problem.label)]: the note' anywhere in the body")
        case .unusedDefinition:
            return .note("footnote '[^\(problem.label)]' is never referred to, so it is left out", at: location,
                         hint: "refer to it with [^\(problem.label)] where the note belongs, or remove it")
        case .duplicateDefinition:
            return .warning("footnote '[^\(problem.label)]' is defined twice; the first note is used", at: location,
                            hint: "give one of the notes another label")
        }
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

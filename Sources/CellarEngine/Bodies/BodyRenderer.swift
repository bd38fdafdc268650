import CellarDiagnostics
import CellarFiles
import CellarMarkdown

/// Renders an item's Markdown body, rewrites its links and fills in summary and word count.
package struct BodyRenderer: Sendable {
    var markdown: MarkdownRenderer
    var links: LinkResolver
    /// Draws the shortcodes bodies call; nil leaves `{{< … >}}` as text.
    var shortcodes: ShortcodeRenderer?
    /// Draws fenced code blocks in colour (nil: plain code).
    var highlighting: CodeBlockHighlighting?
    /// Longest summary taken from the first paragraph, in characters (a Chinese, Japanese or Korean one counts two).
    var summaryLength = 280
    /// Whether the body keeps every link and image written in it (``BodyReference``), for `cellar check`.
    var collectsReferences = false
    /// How deep files may include files (`{{< include >}}`).
    static let includeDepth = 8

    /// A rendered body: the item with it, whether it links to other content files, and whether it
    /// calls shortcodes (then the theme's templates are part of it).
    struct Rendered {
        var item: ContentItem
        var dependsOnLinks: Bool
        var usesShortcodes: Bool
        /// The files of `content/` its shortcodes drew from (a chart's CSV), with the hash of their text.
        var dataFiles: [String: UInt64] = [:]
    }

    /// The item with its body rendered.
    func render(_ item: ContentItem, diagnostics: inout DiagnosticBag) -> Rendered {
        // Without a condition to wait on, rendering always completes.
        render(item, diagnostics: &diagnostics, waitingIf: { _ in false })
            ?? Rendered(item: item, dependsOnLinks: false, usesShortcodes: false)
    }

    /// What the shortcodes of one body reported, gathered from the renderer's callback.
    private final class ShortcodeUse {
        var used = false
        var diagnostics = DiagnosticBag()
        var reads: [String: UInt64] = [:]
    }

    /// Renders unless a reference meets `waitingIf`; then nil, and nothing is added to `diagnostics`.
    func render(_ item: ContentItem, diagnostics: inout DiagnosticBag,
                waitingIf: (MarkdownReference) -> Bool) -> Rendered? {
        // The shortcode handlers hold it while the body renders, and no longer.
        withoutActuallyEscaping(waitingIf) { waitingIf in render(item, diagnostics: &diagnostics, escapingWaitingIf: waitingIf) }
    }

    private func render(_ item: ContentItem, diagnostics: inout DiagnosticBag,
                        escapingWaitingIf waitingIf: @escaping (MarkdownReference) -> Bool) -> Rendered? {
        var item = item
        var found = DiagnosticBag()
        var dependsOnLinks = false
        var pageLinks: [PageLink] = []
        var waits = false
        let use = ShortcodeUse()
        // Links are rewritten alike in the body and in the files it includes: from the item's page.
        let rewrite: (MarkdownReference) -> String? = { [links] reference in
            if waits || waitingIf(reference) {
                waits = true
                return nil
            }
            var pageLink: PageLink?
            let rewritten = links.rewrite(reference, in: item, diagnostics: &found, pageLink: &pageLink)
            if rewritten != nil || !found.isEmpty { dependsOnLinks = true }
            if let pageLink {
                pageLinks.append(pageLink)
                dependsOnLinks = true   // whether a page is published there may change with any page
            }
            return rewritten
        }
        // What the shortcodes of included files read. Each included file reports into a bag of its
        // own, handed over when it is drawn: the bag of the call that includes it is in use then.
        let included = ShortcodeUse()
        /// The shortcode handler for calls written in the body (depth 0) or in a file it includes,
        /// `depth` files deep, reporting into `use`.
        func handler(_ renderer: ShortcodeRenderer, depth: Int, use: ShortcodeUse) -> (ShortcodeCall) -> ShortcodeOutput? {
            { [item, links] call in
                use.used = true
                return renderer.render(call, in: item, links: links, diagnostics: &use.diagnostics, reads: &use.reads,
                                       include: depth < Self.includeDepth ? include(renderer, depth: depth + 1) : nil)
            }
        }
        /// Renders a file the body includes, as part of the body: its own places in messages.
        func include(_ renderer: ShortcodeRenderer, depth: Int) -> BuiltinShortcodeContext.Include {
            { [markdown, highlighting, item, included] text, contentPath, diagnostics in
                let display = renderer.contentDisplayRoot + "/" + contentPath
                let parts: FrontMatterSplitter.Parts
                do throws(Diagnostic) { parts = try FrontMatterSplitter().split(text, file: display) } catch {
                    diagnostics.append(error)
                    return nil
                }
                let reports = CodeBlockHighlighting.Reports()
                let markdownOfFile = highlighting?.renderer(markdown, file: display, firstLine: parts.bodyFirstLine, reporting: reports) ?? markdown
                let placed = renderer.placed(in: display, firstLine: parts.bodyFirstLine, directory: Paths.parent(of: contentPath))
                let local = ShortcodeUse()
                let document = markdownOfFile.render(parts.body, footnoteIDPrefix: item.anchor + "-\(depth)-\(StableHash.of(contentPath) % 10_000)-",
                                                     rewrite: rewrite, shortcode: handler(placed, depth: depth, use: local))
                diagnostics.append(contentsOf: local.diagnostics.diagnostics)
                included.reads.merge(local.reads) { $1 }
                diagnostics.append(contentsOf: Self.problems(of: document, file: display, firstLine: parts.bodyFirstLine))
                diagnostics.append(contentsOf: CodeBlockHighlighting.diagnostics(reports, markdown: parts.body, file: display,
                                                                                firstLine: parts.bodyFirstLine))
                return document.html
            }
        }
        // The body's own links and images (not those of the files it includes), as its page has them.
        var references = BodyReference.Collector(markdown: item.source.markdown, collecting: collectsReferences)
        let bodyRewrite: (MarkdownReference) -> String? = { reference in
            let href = rewrite(reference)
            if !waits { references.add(reference, href: href) }
            return href
        }
        let reports = CodeBlockHighlighting.Reports()
        let renderer = highlighting?.renderer(markdown, file: item.file, firstLine: item.bodyFirstLine, reporting: reports) ?? markdown
        let document = renderer.render(item.source.markdown, footnoteIDPrefix: item.anchor + "-", rewrite: bodyRewrite,
                                       shortcode: shortcodes.map { handler($0, depth: 0, use: use) })
        if waits { return nil }
        use.reads.merge(included.reads) { $1 }
        diagnostics.append(contentsOf: found.diagnostics)
        diagnostics.append(contentsOf: use.diagnostics.diagnostics)
        diagnostics.append(contentsOf: Self.problems(of: document, file: item.file, firstLine: item.bodyFirstLine))
        diagnostics.append(contentsOf: CodeBlockHighlighting.diagnostics(reports, markdown: item.source.markdown, file: item.file,
                                                                        firstLine: item.bodyFirstLine))
        // `<!--more-->` ends the summary where the author put it; else the first paragraph, clipped.
        let summary = document.textBeforeMore ?? Self.clip(document.firstParagraph, to: summaryLength)
        item.body = ContentItem.Body(html: document.html, summary: summary, headings: document.headings, counts: document.counts,
                                     pageLinks: pageLinks, references: collectsReferences ? references.found : nil)
        return Rendered(item: item, dependsOnLinks: dependsOnLinks,
                        usesShortcodes: use.used || !document.shortcodeProblems.isEmpty, dataFiles: use.reads)
    }

    /// The footnotes that cannot be drawn as written, then the `{{<` that are not calls, of a body whose
    /// Markdown starts at `firstLine` of `file`: each reported where it is written.
    static func problems(of document: MarkdownDocument, file: String, firstLine: Int) -> [Diagnostic] {
        let place = { (line: Int, column: Int) in SourceLocation(file: file, line: firstLine + line - 1, column: column) }
        return document.footnoteProblems.map { diagnostic($0, at: place($0.line, $0.column)) }
            + document.shortcodeProblems.map { diagnostic($0, at: place($0.line, $0.column)) }
    }

    /// A `{{<` that is not a call, or a closing tag that closes nothing.
    private static func diagnostic(_ problem: MarkdownShortcodeProblem, at location: SourceLocation) -> Diagnostic {
        switch problem.kind {
        case .unclosedCall:
            return .warning("'{{<' is not closed by '>}}' in its paragraph, so it is printed as written", at: location,
                            hint: "finish the shortcode call, or write {{</* … */>}} to show one as it is")
        case .unclosedQuote:
            return .error("this shortcode argument's quote is never closed", at: location,
                          hint: "end the value with the same quote it starts with")
        case .missingName:
            return .warning("'{{<' is not followed by a shortcode name, so it is printed as written", at: location,
                            hint: "write {{< name args >}}, or {{</* … */>}} to show a call as it is")
        case .strayClosing(let name):
            return .error("{{< /\(name) >}} closes no {{< \(name) >}}", at: location,
                          hint: "open it before its content with {{< \(name) >}}, or remove this closing tag")
        }
    }

    /// A footnote that cannot be drawn as written.
    private static func diagnostic(_ problem: MarkdownFootnoteProblem, at location: SourceLocation) -> Diagnostic {
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

    /// Cuts a summary longer than `length` at a sentence end of its script, else at a word (see ``SummaryClip``).
    package static func clip(_ text: String, to length: Int) -> String {
        SummaryClip.clip(text, to: length)
    }
}

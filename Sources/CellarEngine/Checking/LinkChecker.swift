import CellarDiagnostics
import CellarMarkdown

/// Checks the built site's links: every internal `href` and `src` leads to a file of the output,
/// every `#anchor` is an `id` on its target page, every `<img>` has an `alt` attribute, and
/// Markdown images have alt text. Links written in Markdown are reported where they are written;
/// the others (from templates and fields) on the template, field or page they come from.
struct LinkChecker: Sendable {
    var model: SiteModel
    var pages: [Page]
    /// The built site, as a build in memory left it.
    var output: CapturedOutput
    /// For naming source files as the user sees them.
    var layout: SiteLayout

    /// What the rendered-page pass needs from the source pass and the output.
    struct Context: Sendable {
        var resolver: HrefResolver
        /// Output file → what its HTML holds.
        var facts: [String: HTMLPageFacts]
        /// Every page address, for "did you mean" hints.
        var pageAddresses: [String]
    }

    func check() async -> [Diagnostic] {
        let files = output.files
        let output = self.output
        let htmlFiles = files.filter { $0.hasSuffix(".html") }.sorted()
        let scanned = await parallelMap(htmlFiles, minimumChunk: 32) { file in
            (file, HTMLPageFacts(html: output.html(at: file) ?? []))
        }
        let context = Context(
            resolver: HrefResolver(siteURL: model.config.url, files: files, policy: model.config.links),
            facts: Dictionary(scanned, uniquingKeysWith: { first, _ in first }),
            pageAddresses: htmlFiles.map { HrefResolver.pageURL(ofFile: $0).description })
        let (sourceProblems, bodyLinks) = await checkSources(context)
        return sourceProblems + (await checkRenderedPages(context, skipping: linksShown(bodyLinks)))
    }

    // MARK: - Markdown sources

    /// One Markdown text and where its links start from.
    private struct MarkdownSource: Sendable {
        /// The item's id, or the `_index.md` path (relative to `content/`) of an introduction.
        var id: String
        var markdown: String
        var directory: String
        var file: String
        var firstLine: Int
        /// The page relative links are read from.
        var page: URLPath
    }

    /// Whether Markdown may hold a link or an image: `](`, `]:` or raw HTML's `<`. One pass over the bytes.
    static func mayHaveLinks(_ markdown: String) -> Bool {
        var afterBracket = false
        for byte in markdown.utf8 {
            if byte == UInt8(ascii: "<") || afterBracket && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: ":")) { return true }
            afterBracket = byte == UInt8(ascii: "]")
        }
        return false
    }

    /// Checks every link of every published item's body and of the introductions; returns the
    /// problems and, by source, the links as pages have them (so the page pass does not report them again).
    private func checkSources(_ context: Context) async -> ([Diagnostic], [String: Set<String>]) {
        var sources = model.items.map { item in
            MarkdownSource(id: item.id, markdown: item.source.markdown, directory: Paths.parent(of: item.id), file: item.file,
                           firstLine: item.bodyFirstLine,
                           page: item.hasPage ? item.url : (model.sectionsByID[item.sectionID]?.url ?? .root))
        }
        sources.append(MarkdownSource(id: "_index.md", markdown: model.config.introMarkdown, directory: "", file: model.config.file,
                                      firstLine: model.config.introFirstLine, page: .root))
        for section in model.sections where !section.id.isEmpty {
            sources.append(MarkdownSource(id: Paths.join(section.id, "_index.md"), markdown: section.introMarkdown, directory: section.id, file: section.file,
                                          firstLine: section.introFirstLine, page: section.url))
        }
        let renderer = MarkdownRenderer(options: model.config.markdown)
        // Broken links a build let through as warnings (`links: {broken: warning}`) are errors here.
        let links = model.links.checking
        let checked = await parallelMap(sources, minimumChunk: 64) { source -> ([Diagnostic], [String]) in
            guard Self.mayHaveLinks(source.markdown) else {
                return ([], [])
            }
            var problems: [Diagnostic] = []
            var hrefs: [String] = []
            var finder = DestinationFinder(markdown: source.markdown)
            for reference in renderer.render(source.markdown).references {
                let (line, column) = finder.place(of: reference)
                let location = SourceLocation(file: source.file, line: source.firstLine + line - 1, column: column)
                if reference.kind == .image, reference.hasEmptyAlt {
                    problems.append(.warning(
                        "image '\(reference.destination)' has no alt text", at: location,
                        hint: "describe it between the brackets, ![what it shows](\(reference.destination)); "
                            + "leave them empty only when the image is decoration"))
                }
                var found = DiagnosticBag()
                let href = links.rewrite(reference, directory: source.directory, file: source.file,
                                         firstLine: source.firstLine, diagnostics: &found) ?? reference.destination
                hrefs.append(href)
                if found.hasErrors {
                    problems.append(contentsOf: found.diagnostics.filter { $0.severity == .error })
                } else if let problem = Self.problem(href, written: reference.destination, isImage: reference.kind == .image,
                                                     from: source.page, at: location, context: context) {
                    problems.append(problem)
                }
            }
            return (problems, hrefs)
        }
        var bodyLinks: [String: Set<String>] = [:]
        for (source, (_, hrefs)) in zip(sources, checked) where !hrefs.isEmpty {
            bodyLinks[source.id] = Set(hrefs + hrefs.map { URLEncoding.decode($0) ?? $0 })
        }
        return (checked.flatMap(\.0), bodyLinks)
    }

    /// Output file → the Markdown links the page may show: its item's, its cells' and its introduction's.
    private func linksShown(_ bodyLinks: [String: Set<String>]) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for page in pages {
            var ids = page.dataSource.sections.flatMap { $0.cells.map(\.itemID) }
            if let item = page.itemID { ids.append(item) }
            if page.role == .home { ids.append("_index.md") }
            if page.role == .section, let section = page.sectionID { ids.append(Paths.join(section, "_index.md")) }
            let links = ids.reduce(into: Set<String>()) { $0.formUnion(bodyLinks[$1] ?? []) }
            if !links.isEmpty { result[page.url.outputFile, default: []].formUnion(links) }
        }
        return result
    }

    /// The problem with a link written in Markdown, reported where it is written.
    private static func problem(_ href: String, written: String, isImage: Bool, from page: URLPath,
                                at location: SourceLocation, context: Context) -> Diagnostic? {
        switch context.resolver.resolve(href, from: page) {
        case .external, .outsideBasePath:
            return nil
        case .outside:
            return .error("link '\(written)' leads outside the site", at: location,
                          hint: "relative links start from the page's address, \(page)")
        case .missing(let path, _):
            let relative = written.hasPrefix("/") ? "" : " (relative links start from the page's address, \(page))"
            return .error(isImage ? "image '\(written)' not found" : "link '\(written)' leads to no page", at: location,
                          hint: URLCheck.hostGuess(written).map { "did you mean '\($0)'?" } ?? missingHint(path, context: context) + relative)
        case .file(let file, let fragment):
            guard let fragment, let hint = anchorProblem(fragment, in: file, context: context) else { return nil }
            return .error("anchor '#\(fragment)' not found on \(HrefResolver.pageURL(ofFile: file))", at: location,
                          hint: hint)
        }
    }

    /// "nothing is published at /abut/; did you mean /about/?"
    static func missingHint(_ path: URLPath, context: Context) -> String {
        let suggestion = Suggestion.closest(to: path.description, in: context.pageAddresses)
        return "nothing is published at \(path)" + (suggestion.map { "; did you mean \($0)?" } ?? "")
    }

    /// The hint for a fragment missing from an HTML page, or nil when the page has it (or is not HTML).
    static func anchorProblem(_ fragment: String, in file: String, context: Context) -> String? {
        guard !fragment.isEmpty, fragment != "top", let facts = context.facts[file], !facts.ids.contains(fragment) else {
            return nil
        }
        if let suggestion = Suggestion.closest(to: fragment, in: facts.ids) { return "did you mean '#\(suggestion)'?" }
        return "no element of that page has id=\"\(fragment)\""
    }
}

import CellarDiagnostics
import CellarFiles
import CellarOutput

/// Checks what only the built site's pages show: every `href` and `src` of a template or field
/// leads to a file of the output, every `#anchor` is an `id` on its target page, every `<img>` has
/// an `alt` attribute, and Markdown images have alt text. Links written in Markdown are reported
/// where they are written — whether their page or file exists the build itself decided
/// (``PageLinkCheck``, ``LinkResolver``), under the site's `links:` policy; the others on the
/// template, field or page they come from.
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
        let (sourceProblems, bodyLinks) = checkSources(context)
        return sourceProblems + (await checkRenderedPages(context, skipping: linksShown(bodyLinks)))
    }

    // MARK: - Markdown sources

    /// One Markdown text's links and images, as its build collected them, and where its links start from.
    private struct MarkdownSource: Sendable {
        /// The item's id, or the `_index.md` path (relative to `content/`) of an introduction.
        var id: String
        var references: [BodyReference]
        var file: String
        var firstLine: Int
        /// The page relative links are read from.
        var page: URLPath
    }

    /// Checks the anchors and alt text of every published item's body and of the introductions —
    /// their links and images as the body stage collected them (``BodyReference``), none rendered
    /// again; returns the problems and, by source, the links as pages have them (so the page pass
    /// does not report them again).
    private func checkSources(_ context: Context) -> ([Diagnostic], [String: Set<String>]) {
        var sources = model.items.map { item in
            MarkdownSource(id: item.id, references: item.body.references ?? [], file: item.file, firstLine: item.bodyFirstLine,
                           page: item.hasPage ? item.url : (model.sectionsByID[item.sectionID]?.url ?? .root))
        }
        sources.append(MarkdownSource(id: "_index.md", references: model.introReferences["_index.md"] ?? [], file: model.config.file,
                                      firstLine: model.config.introFirstLine, page: .root))
        for section in model.sections where !section.id.isEmpty {
            let id = Paths.join(section.id, "_index.md")
            sources.append(MarkdownSource(id: id, references: model.introReferences[id] ?? [], file: section.file,
                                          firstLine: section.introFirstLine, page: section.url))
        }
        var problems: [Diagnostic] = []
        var bodyLinks: [String: Set<String>] = [:]
        for source in sources where !source.references.isEmpty {
            for found in source.references {
                let reference = found.reference
                let location = SourceLocation(file: source.file, line: source.firstLine + found.line - 1, column: found.column)
                if reference.kind == .image, reference.hasEmptyAlt {
                    problems.append(.warning(
                        "image '\(reference.destination)' has no alt text", at: location,
                        hint: "describe it between the brackets, ![what it shows](\(reference.destination)); "
                            + "leave them empty only when the image is decoration"))
                }
                // Whether the file or page is there the build decided and reported (``PageLinkCheck``):
                // what only the finished pages show is whether the anchor is on it.
                if case .file(let file, let fragment?) = context.resolver.resolve(found.href, from: source.page),
                   let hint = Self.anchorProblem(fragment, in: file, context: context) {
                    problems.append(.error("anchor '#\(fragment)' not found on \(HrefResolver.pageURL(ofFile: file))", at: location,
                                           hint: hint))
                }
            }
            let hrefs = source.references.map(\.href)
            bodyLinks[source.id] = Set(hrefs + hrefs.map { URLEncoding.decode($0) ?? $0 })
        }
        // Page links the body's shortcodes drew (a file it includes) were checked by the build with
        // the link policy (``PageLinkCheck``), like the body's own: the page pass leaves them too.
        for item in model.items where !item.body.pageLinks.isEmpty {
            let hrefs = item.body.pageLinks.map(\.href)
            bodyLinks[item.id, default: []].formUnion(hrefs + hrefs.map { URLEncoding.decode($0) ?? $0 })
        }
        // Those an introduction's shortcodes drew (a glossary's terms), likewise.
        if !model.introLinks.isEmpty {
            var introIDs: [String: String] = [URLPath.root.value: "_index.md"]
            for section in model.sections where !section.id.isEmpty { introIDs[section.url.value] = Paths.join(section.id, "_index.md") }
            for intro in model.introLinks {
                guard let id = introIDs[intro.page.value] else { continue }
                bodyLinks[id, default: []].formUnion([intro.link.href, URLEncoding.decode(intro.link.href) ?? intro.link.href])
            }
        }
        return (problems, bodyLinks)
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

    /// What is wrong with a link written in Markdown that leads to no file of the site, with the
    /// severity the site's `links: {broken: …}` gives it; nil when it leads to a file (or elsewhere).
    /// - Parameter addresses: every page address of the site, for the "did you mean".
    static func brokenLink(_ outcome: HrefResolver.Outcome, written: String, isImage: Bool, from page: URLPath,
                           at location: SourceLocation, policy: LinkPolicy, addresses: () -> [String]) -> Diagnostic? {
        switch outcome {
        case .external, .outsideBasePath, .file:
            return nil
        case .outside:
            return policy.broken("link '\(written)' leads outside the site", at: location,
                                 hint: "relative links start from the page's address, \(page)")
        case .missing(let path, _):
            let relative = written.hasPrefix("/") ? "" : " (relative links start from the page's address, \(page))"
            return policy.broken(isImage ? "image '\(written)' not found" : "link '\(written)' leads to no page", at: location,
                                 hint: URLCheck.hostGuess(written).map { "did you mean '\($0)'?" }
                                    ?? missingHint(path, addresses: addresses()) + relative)
        }
    }

    /// "nothing is published at /abut/; did you mean /about/?"
    static func missingHint(_ path: URLPath, addresses: [String]) -> String {
        let suggestion = Suggestion.closest(to: path.description, in: addresses)
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

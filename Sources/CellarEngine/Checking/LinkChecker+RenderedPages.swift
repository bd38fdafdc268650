import CellarDiagnostics
import CellarFiles

extension LinkChecker {
    /// One problem of the rendered pages, gathered across every page that has it.
    private struct PageProblem: Hashable, Comparable, Sendable {
        enum Kind: Int, Comparable, Sendable {
            case missing, anchor, outside, outsideBasePath, alt
            static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        var kind: Kind
        var tag: String
        var attribute: String
        var value: String
        /// The missing address, or the page whose anchor is missing (empty: the link's own page).
        var target: String

        static func < (lhs: PageProblem, rhs: PageProblem) -> Bool {
            (lhs.kind, lhs.value, lhs.tag, lhs.target) < (rhs.kind, rhs.value, rhs.tag, rhs.target)
        }
    }

    /// Checks the links and images of every HTML file of the output that Markdown did not write.
    /// - Parameter bodyLinks: output file → the links its Markdown shows (already checked at their source).
    func checkRenderedPages(_ context: Context, skipping bodyLinks: [String: Set<String>]) async -> [Diagnostic] {
        // The home page first, then by address; pages are checked on every core, gathered in this order.
        let files = context.facts.keys.sorted { ($0 == "index.html" ? 0 : 1, $0) < ($1 == "index.html" ? 0 : 1, $1) }
        let found = await parallelMap(files, minimumChunk: 64) { file in
            Self.problems(on: file, context: context, shown: bodyLinks[file] ?? [])
        }
        var problems: [PageProblem: [String]] = [:]
        for (file, pageProblems) in zip(files, found) {
            for problem in pageProblems { problems[problem, default: []].append(file) }
        }
        let locator = TemplateLocator(theme: model.theme)
        let fields = urlFieldLocations()
        let sources = pageSources()
        return problems.sorted { $0.key < $1.key }.map { problem, files in
            let location = (problem.kind == .alt ? locator.locateImageWithoutAlt(source: problem.value)
                : fields[problem.value] ?? locator.locate(tag: problem.tag, attribute: problem.attribute, value: problem.value))
                ?? files.lazy.compactMap { sources[$0] }.first
            return diagnostic(for: problem, on: files, at: location, context: context)
        }
    }

    // MARK: - Private

    /// The problems of one page's links and images, in the order they appear.
    private static func problems(on file: String, context: Context, shown: Set<String>) -> [PageProblem] {
        guard let facts = context.facts[file] else { return [] }
        let page = HrefResolver.pageURL(ofFile: file)
        var problems: [PageProblem] = []
        for link in facts.links where !shown.contains(link.value) && !shown.contains(URLEncoding.decode(link.value) ?? link.value) {
            var problem = PageProblem(kind: .missing, tag: link.tag, attribute: link.attribute, value: link.value, target: "")
            switch context.resolver.resolve(link.value, from: page) {
            case .external: continue
            case .outside: problem.kind = .outside
            case .outsideBasePath: problem.kind = .outsideBasePath
            case .missing(let path, _): problem.target = path.description
            case .file(let target, let fragment):
                guard let fragment, anchorProblem(fragment, in: target, context: context) != nil else { continue }
                problem.kind = .anchor
                problem.target = target == file ? "" : target
            }
            problems.append(problem)
        }
        for source in facts.imagesWithoutAlt {
            problems.append(PageProblem(kind: .alt, tag: "img", attribute: "src", value: source, target: ""))
        }
        return problems
    }

    private func diagnostic(for problem: PageProblem, on files: [String], at location: SourceLocation?,
                            context: Context) -> Diagnostic {
        let value = problem.value
        let on = " (on \(Self.describe(files)))"
        switch problem.kind {
        case .missing:
            let isFile = problem.attribute == "src" || !["", "html", "htm"].contains(Paths.fileExtension(problem.target))
            let message = problem.tag == "img" ? "image '\(value)' not found"
                : isFile ? "file '\(value)' not found" : "link '\(value)' leads to no page"
            return .error(message + on, at: location, hint: Self.missingHint(URLPath(problem.target), addresses: context.pageAddresses))
        case .anchor:
            let target = problem.target.isEmpty ? files[0] : problem.target
            let fragment = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) ?? ""
            let decoded = URLEncoding.decode(fragment) ?? fragment
            let place = problem.target.isEmpty ? "" : " on \(HrefResolver.pageURL(ofFile: target))"
            return .error("anchor '#\(decoded)' not found\(place)" + on, at: location,
                          hint: Self.anchorProblem(decoded, in: target, context: context))
        case .outside:
            return .error("link '\(value)' leads outside the site" + on, at: location,
                          hint: "relative links start from the address of the page they are on")
        case .outsideBasePath:
            let base = model.config.url.basePath
            return .warning("link '\(value)' is outside the site's base path \(base)" + on, at: location,
                            hint: "in templates, start addresses on this site with {{site.base_path}}")
        case .alt:
            return .error("image '\(value)' has no alt attribute" + on, at: location,
                          hint: "add alt=\"…\" describing the image, or alt=\"\" when it is only decoration")
        }
    }

    /// `/`, `/ and /blog/`, `/, /blog/ and 3 other pages`.
    private static func describe(_ files: [String]) -> String {
        let shown = files.prefix(2).map { HrefResolver.pageURL(ofFile: $0).description }
        switch files.count {
        case 1: return shown[0]
        case 2: return shown[0] + " and " + shown[1]
        default: return shown.joined(separator: ", ") + " and \(files.count - 2) other page\(files.count == 3 ? "" : "s")"
        }
    }

    /// Where each `url` field value (as pages print it) is written.
    private func urlFieldLocations() -> [String: SourceLocation] {
        let siteURL = model.config.url
        var result: [String: SourceLocation] = [:]
        func add(_ field: TypedField, fallback: SourceLocation) {
            switch field.value {
            case .url(let text):
                let printed = siteURL.href(written: text)   // as pages print it
                if result[printed] == nil { result[printed] = field.location ?? fallback }
            case .list(let entries):
                for entry in entries { add(entry, fallback: field.location ?? fallback) }
            case .object(let fields):
                for name in fields.keys.sorted() { if let nested = fields[name] { add(nested, fallback: fallback) } }
            default:
                break
            }
        }
        for item in model.items {
            for name in item.fields.keys.sorted() { if let field = item.fields[name] { add(field, fallback: item.location) } }
        }
        return result
    }

    /// The source file of each page: the item, section or site settings it is made from.
    private func pageSources() -> [String: SourceLocation] {
        var result: [String: SourceLocation] = [:]
        for page in pages {
            let location: SourceLocation? = switch page.role {
            case .item, .page: page.itemID.flatMap { model.itemsByID[$0]?.location }
            case .section: page.sectionID.flatMap { model.sectionsByID[$0] }.map { SourceLocation(file: $0.file) }
            case .home: SourceLocation(file: model.config.file)
            case .tags, .tag, .notFound, .search: nil
            }
            if let location { result[page.url.outputFile] = location }
        }
        for path in model.staticFiles { result[path] = SourceLocation(file: layout.display(contentPath: path)) }
        return result
    }
}

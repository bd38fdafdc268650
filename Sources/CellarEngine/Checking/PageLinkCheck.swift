import CellarDiagnostics

/// Whether a page is published where each Markdown link to an address of the site leads (see
/// ``PageLink``) — the one decision `cellar build` and `cellar check` share, made once every page
/// is known and before anything is written. A link that leads to no page counts as the site's
/// `links: {broken: …}` says: an error that fails the build by default, else a warning.
struct PageLinkCheck {
    /// What the last check found, by item id (`""`: the introductions): a rebuild of a patched
    /// model — every item where it was, so the site's files unchanged — checks only the changed items.
    struct Memo: Sendable {
        var problems: [String: [Diagnostic]] = [:]
        /// Whether `problems` describes the current model's unchanged items.
        var isValid = false
    }

    var model: SiteModel
    /// Every file the build writes (``SiteAddresses``).
    var files: Set<String>

    /// A link that leads to no file, with the page it is on and what it leads to.
    private typealias Broken = (link: PageLink, page: URLPath, outcome: HrefResolver.Outcome)

    /// - Parameter changed: the items re-read into a patched model; nil when it was built anew.
    func problems(changed: Set<String>?, memo: inout Memo) async -> [Diagnostic] {
        let resolver = HrefResolver(siteURL: model.config.url, files: files, policy: model.config.links)
        @Sendable func check(_ links: [PageLink], from page: URLPath) -> [Broken] {
            links.compactMap { link in
                let outcome = resolver.resolve(link.href, from: page)
                switch outcome {
                case .missing, .outside: return (link, page, outcome)
                case .external, .outsideBasePath, .file: return nil
                }
            }
        }
        let items: [ContentItem]
        if let changed, memo.isValid {
            items = changed.sorted().compactMap { model.itemsByID[$0] }
            for id in changed { memo.problems[id] = nil }
        } else {
            items = model.items
            memo = Memo(problems: [:], isValid: true)
        }
        // Relative links start from the item's page, or from its section's list when it has none.
        var sources = items.filter { !$0.body.pageLinks.isEmpty }.map { item in
            (item.id, item.body.pageLinks, item.hasPage ? item.url : (model.sectionsByID[item.sectionID]?.url ?? .root))
        }
        if changed == nil || items.count == model.items.count {
            sources += model.introLinks.map { ("", [$0.link], $0.page) }
        }
        let found = await parallelMap(sources, minimumChunk: 512) { id, links, page in (id, check(links, from: page)) }
        var addresses: [String]?
        for (id, broken) in found where !broken.isEmpty {
            let all = addresses ?? files.filter { $0.hasSuffix(".html") }.map { HrefResolver.pageURL(ofFile: $0).description }.sorted()
            addresses = all
            memo.problems[id, default: []] += broken.compactMap { link, page, outcome in
                LinkChecker.brokenLink(outcome, written: link.written, isImage: link.isImage, from: page, at: link.location,
                                       policy: model.config.links, addresses: { all })
            }
        }
        return memo.problems.keys.sorted().flatMap { memo.problems[$0] ?? [] }
    }
}

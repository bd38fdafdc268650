import CellarDiagnostics

/// Whether a page is published where each Markdown link to an address of the site leads (see
/// ``PageLink``) — the one decision `cellar build` and `cellar check` share, made once every page
/// is known and before anything is written. A link that leads to no page counts as the site's
/// `links: {broken: …}` says: an error that fails the build by default, else a warning.
struct PageLinkCheck {
    var model: SiteModel
    /// Every file the build writes (``SiteAddresses``).
    var files: Set<String>

    func problems() -> [Diagnostic] {
        let resolver = HrefResolver(siteURL: model.config.url, files: files, policy: model.config.links)
        var broken: [(link: PageLink, page: URLPath, outcome: HrefResolver.Outcome)] = []
        func check(_ link: PageLink, from page: URLPath) {
            let outcome = resolver.resolve(link.href, from: page)
            switch outcome {
            case .missing, .outside: broken.append((link, page, outcome))
            case .external, .outsideBasePath, .file: break
            }
        }
        for item in model.items where !item.body.pageLinks.isEmpty {
            // Relative links start from the item's page, or from its section's list when it has none.
            let page = item.hasPage ? item.url : (model.sectionsByID[item.sectionID]?.url ?? .root)
            for link in item.body.pageLinks { check(link, from: page) }
        }
        for intro in model.introLinks { check(intro.link, from: intro.page) }
        guard !broken.isEmpty else { return [] }
        let addresses = files.filter { $0.hasSuffix(".html") }.map { HrefResolver.pageURL(ofFile: $0).description }.sorted()
        return broken.compactMap { link, page, outcome in
            LinkChecker.brokenLink(outcome, written: link.written, isImage: link.isImage, from: page, at: link.location,
                                   policy: model.config.links, addresses: { addresses })
        }
    }
}

import CellarDiagnostics
import CellarMarkdown

/// Renders the Markdown bodies whose source, URL or — when they link to other content — links
/// changed, on all cores; the others come from the memo. Sets each item's ``Item/revision``.
struct BodyStage {
    struct Entry: Sendable {
        /// Whether the body links to other content (so a change of any URL may change it).
        var dependsOnLinks: Bool
        var linksKey: UInt64
        var item: Item
        var diagnostics: [Diagnostic]
    }

    struct Memo: Sendable {
        var entries: [String: Entry] = [:]
        /// Ids of the entries that hold diagnostics (most hold none).
        var reporting: Set<String> = []

        /// What the bodies in the memo reported (a rebuild that reuses them reports it again).
        var diagnostics: [Diagnostic] { reporting.sorted().flatMap { entries[$0]?.diagnostics ?? [] } }

        mutating func keep(_ entry: Entry) {
            entries[entry.item.id] = entry
            if entry.diagnostics.isEmpty { reporting.remove(entry.item.id) } else { reporting.insert(entry.item.id) }
        }
    }

    var markdown: MarkdownRenderer
    var links: LinkResolver
    /// Keep no Markdown of the bodies rendered here (a build whose memo is thrown away).
    var lean = false

    /// Renders the bodies of `items` (with those in `early`, rendered while parsing, taken as they are).
    /// - Parameter complete: whether `items` are all the site's items, so that the memo can forget others.
    func run(_ items: [Item], early: [String: EarlyBody], complete: Bool, memo: inout Memo) async -> [Item] {
        let linksKey = links.fingerprint
        var results: [Item?] = []
        results.reserveCapacity(items.count)
        var stale: [(Int, Item)] = []
        var ready: [(Int, EarlyBody)] = []
        for (index, item) in items.enumerated() {
            if let entry = memo.entries[item.id], entry.item.sourceHash == item.sourceHash, entry.item.url == item.url,
               !entry.dependsOnLinks || entry.linksKey == linksKey {
                results.append(entry.item)
            } else if let body = early[item.id] {
                results.append(nil)
                ready.append((index, body))
            } else {
                results.append(nil)
                stale.append((index, item))
            }
        }
        let renderer = BodyRenderer(markdown: markdown, links: links)
        let lean = self.lean
        let fresh = await parallelMap(stale) { index, item -> (Int, EarlyBody) in
            var found = DiagnosticBag()
            var (rendered, dependsOnLinks) = renderer.render(item, diagnostics: &found)
            if lean { rendered = rendered.withoutMarkdown() }
            return (index, EarlyBody(item: rendered, dependsOnLinks: dependsOnLinks, diagnostics: found.diagnostics))
        }
        for (index, body) in ready + fresh {
            var item = body.item
            var revision = StableHash()
            revision.combine(item.sourceHash)
            revision.combine(item.url.value)
            revision.combine(body.dependsOnLinks ? linksKey : 0)
            item.revision = revision.value
            memo.keep(Entry(dependsOnLinks: body.dependsOnLinks, linksKey: linksKey, item: item, diagnostics: body.diagnostics))
            results[index] = item
        }
        if complete {
            let ids = Set(items.map(\.id))
            memo.entries = memo.entries.filter { ids.contains($0.key) }
            memo.reporting = memo.reporting.filter { ids.contains($0) }
        }
        return results.compactMap { $0 }
    }
}

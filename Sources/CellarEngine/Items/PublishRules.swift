import Foundation

/// Which items a build publishes: drafts only with `--drafts`, future-dated only with `--future`,
/// expired never. A hidden item appears nowhere — no page, cell, feed entry, tag or sitemap line.
package struct PublishRules: Sendable {
    package var includeDrafts: Bool
    package var includeFuture: Bool
    package var now: Date

    package init(includeDrafts: Bool = false, includeFuture: Bool = false, now: Date = Date()) {
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.now = now
    }

    package func publishes(_ item: ContentItem) -> Bool { whyHidden(item) == nil }

    /// Why the build leaves `item` out — "is a draft", "is dated in the future", "has expired" — or
    /// nil when it publishes it.
    func whyHidden(_ item: ContentItem) -> String? {
        if item.draft && !includeDrafts { return "is a draft" }
        if let date = item.date, date > now, !includeFuture { return "is dated in the future" }
        if let expires = item.expires, expires <= now { return "has expired" }
        return nil
    }
}

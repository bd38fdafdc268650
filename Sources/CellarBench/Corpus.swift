/// A content tree the bench builds: where it is and what items it holds.
struct Corpus: Sendable {
    struct Item: Sendable {
        /// Relative to the content folder, e.g. `blog/quiet-river-00042.md`.
        var path: String
        var kind: String
        var draft: Bool
    }

    var directory: String
    var items: [Item]
    var markdownBytes: Int

    var published: [Item] { items.filter { !$0.draft } }

    /// Published items whose kind has no page in the default theme (`link`): Hugo writes a page for them, Cellar does not.
    var pagelessItems: Int { published.filter { $0.kind == "link" }.count }

    /// `count` published items with pages of their own (not links), spread evenly over the corpus and
    /// skipping the first `offset` picks, so that every edit touches a different file that shows somewhere.
    func editTargets(count: Int, offset: Int = 0) -> [Item] {
        let candidates = published.filter { $0.kind != "link" }
        guard !candidates.isEmpty else { return [] }
        let total = count + offset
        let stride = max(1, candidates.count / max(1, total))
        return (offset..<total).map { candidates[($0 * stride + stride / 2) % candidates.count] }
    }
}

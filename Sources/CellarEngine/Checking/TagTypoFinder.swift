import CellarDiagnostics
import Foundation

/// Finds tags that look like typos of each other (`swift` and `swfit`): slugs of at least four
/// characters one edit apart (two when both are eight or longer), not differing only in digits
/// (`swift5`, `swift6`). A pair is worth a warning when one spelling is clearly the usual one: the
/// rarer is used by at most half as many items (1 against 2, 3 against 6), since two tags both in
/// wide use (`rust` on 4 items, `rest` on 5) are two tags, and of two spellings used once each
/// neither is the usual one. One warning per pair, where the rarer is first written; the site
/// settings' `tags: {similar_ok: [[rust, rest]]}` silences a pair.
struct TagTypoFinder {
    static let minimumLength = 4
    /// The rarer tag is used by at most `1 / rarity` as many items as the usual one.
    static let rarity = 2

    /// - Parameter similarOK: groups of tags that look alike on purpose.
    static func warnings(for items: [ContentItem], similarOK: [[String]] = [], settingsFile: String = "content/_index.md") -> [Diagnostic] {
        var usage: [String: Usage] = [:]
        for item in items.sorted(by: { $0.id < $1.id }) {
            for (name, location) in tagLocations(of: item) {
                usage[Slug.make(name), default: Usage(name: name)].add(item: item, at: location)
            }
        }
        let allowed = Set(similarOK.flatMap { group in
            let slugs = group.map(Slug.make)
            return slugs.flatMap { first in slugs.filter { $0 != first }.map { Pair(first, $0) } }
        })
        let slugs = usage.keys.filter { $0.count >= minimumLength }.sorted()
        var warnings: [Diagnostic] = []
        for (index, first) in slugs.enumerated() {
            for second in slugs[(index + 1)...] where looksLikeTypo(first, second) && !allowed.contains(Pair(first, second)) {
                guard let a = usage[first], let b = usage[second] else { continue }
                let (rare, common) = a.items.count <= b.items.count ? (a, b) : (b, a)
                guard rare.items.count * rarity <= common.items.count, let location = rare.firstLocation else { continue }
                let shown = rare.files.prefix(3).joined(separator: ", ") + (rare.files.count > 3 ? ", …" : "")
                warnings.append(.warning(
                    "tag '\(rare.name)' looks like a typo of '\(common.name)'", at: location,
                    hint: "'\(common.name)' is used by \(itemCount(common.items.count)), '\(rare.name)' by "
                        + "\(itemCount(rare.items.count)) (\(shown)); if they are the same tag, write it the same way "
                        + "everywhere; if not, add [\(rare.name), \(common.name)] to tags: {similar_ok: …} in \(settingsFile)"))
            }
        }
        return warnings
    }

    static func looksLikeTypo(_ first: String, _ second: String) -> Bool {
        let shorter = min(first.count, second.count)
        guard shorter >= minimumLength, abs(first.count - second.count) <= 2 else { return false }
        if first.filter({ !$0.isNumber }) == second.filter({ !$0.isNumber }) { return false }
        let distance = Suggestion.editDistance(Array(first.unicodeScalars), Array(second.unicodeScalars))
        return distance >= 1 && distance <= (shorter >= 8 ? 2 : 1)
    }

    // MARK: - Private

    /// Where one tag is used: its first spelling, its items, and where it is first written.
    private struct Usage {
        var name: String
        var items: Set<String> = []
        var files: [String] = []
        var firstLocation: SourceLocation?

        mutating func add(item: ContentItem, at location: SourceLocation) {
            if items.insert(item.id).inserted { files.append(item.file) }
            if firstLocation == nil { firstLocation = location }
        }
    }

    /// Two slugs, in either order.
    private struct Pair: Hashable {
        var low: String
        var high: String
        init(_ a: String, _ b: String) { (low, high) = a < b ? (a, b) : (b, a) }
    }

    private static func itemCount(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

    /// Each tag of an item with where it is written (the list entry, else the `tags:` line).
    private static func tagLocations(of item: ContentItem) -> [(String, SourceLocation)] {
        guard let field = item.fields["tags"] else { return [] }
        let fallback = field.location ?? item.location
        let entries: [TypedField] = if case .list(let entries) = field.value { entries } else { [field] }
        return entries.compactMap { entry in
            guard let name = entry.value.string?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
            return (name, entry.location ?? fallback)
        }
    }
}

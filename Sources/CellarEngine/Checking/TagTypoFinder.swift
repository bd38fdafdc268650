import CellarDiagnostics
import Foundation

/// Finds tags that look like typos of each other (`swift` and `swfit`): slugs of at least four
/// characters one edit apart (two when both are eight or longer), not differing only in digits
/// (`swift5`, `swift6`). Each occurrence of the rarer spelling gets a warning naming the other;
/// when both are as common, both do.
struct TagTypoFinder {
    /// One tag as written in one item's front matter.
    private struct Occurrence {
        var name: String
        var slug: String
        var location: SourceLocation
    }

    static let minimumLength = 4

    static func warnings(for items: [Item]) -> [Diagnostic] {
        var occurrences: [Occurrence] = []
        var itemsBySlug: [String: Set<String>] = [:]
        var spelling: [String: String] = [:]
        for item in items {
            for (name, location) in tagLocations(of: item) {
                let slug = Slug.make(name)
                occurrences.append(Occurrence(name: name, slug: slug, location: location))
                itemsBySlug[slug, default: []].insert(item.id)
                if spelling[slug] == nil { spelling[slug] = name }
            }
        }
        let slugs = itemsBySlug.keys.filter { $0.count >= minimumLength }.sorted()
        var warnings: [Diagnostic] = []
        for (index, first) in slugs.enumerated() {
            for second in slugs[(index + 1)...] where looksLikeTypo(first, second) {
                let firstCount = itemsBySlug[first]?.count ?? 0
                let secondCount = itemsBySlug[second]?.count ?? 0
                for (rare, common) in [(first, second), (second, first)] {
                    let rareCount = itemsBySlug[rare]?.count ?? 0
                    let commonCount = itemsBySlug[common]?.count ?? 0
                    guard rareCount <= commonCount else { continue }
                    let other = spelling[common] ?? common
                    let counts = firstCount == secondCount
                        ? "each is used by \(itemCount(rareCount))"
                        : "'\(other)' is used by \(itemCount(commonCount)), '\(spelling[rare] ?? rare)' by \(itemCount(rareCount))"
                    for occurrence in occurrences where occurrence.slug == rare {
                        warnings.append(.warning(
                            "tag '\(occurrence.name)' looks like a typo of '\(other)'", at: occurrence.location,
                            hint: "\(counts); if they are the same tag, write it the same way everywhere"))
                    }
                }
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

    private static func itemCount(_ count: Int) -> String { count == 1 ? "1 item" : "\(count) items" }

    /// Each tag of an item with where it is written (the list entry, else the `tags:` line).
    private static func tagLocations(of item: Item) -> [(String, SourceLocation)] {
        guard let field = item.fields["tags"] else { return [] }
        let fallback = field.location ?? item.location
        let entries: [TypedField] = if case .list(let entries) = field.value { entries } else { [field] }
        return entries.compactMap { entry in
            guard let name = entry.value.string?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return nil }
            return (name, entry.location ?? fallback)
        }
    }
}

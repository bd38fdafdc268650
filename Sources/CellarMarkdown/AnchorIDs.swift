/// The ids given out in one body: a second `install` is `install-1`, then `install-2`, as GitHub,
/// Goldmark and kramdown number them.
struct AnchorIDs {
    private var used = Set<String>()
    private var nextNumber: [String: Int] = [:]   // per base, so a thousand equal titles stay linear

    /// A new id for `text` in `style`.
    mutating func make(for text: String, style: AnchorStyle) -> String {
        let base = AnchorSlug.make(text, style: style)
        var id = base
        var number = nextNumber[base] ?? 1
        while used.contains(id) {
            id = "\(base)-\(number)"
            number += 1
        }
        nextNumber[base] = number
        used.insert(id)
        return id
    }

    /// An id written in the source (`{#setup}`), which later ones then avoid.
    mutating func take(_ id: String) {
        used.insert(id)
    }
}

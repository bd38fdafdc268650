import CellarDiagnostics
import CellarEngine
import CellarFiles
import CellarTree
import CellarYAML
import Foundation

/// A page the source draws from a data file — Jekyll's `{% for x in site.data.showcase %}` over
/// `_data/showcase.yml` — carried over as a section of its own: one item per row (the row's fields
/// as typed front matter of a kind inferred from the rows, drawn by a cell made for it, no item
/// pages), the page's own text as the section's introduction, and the section's list at the page's
/// URL. Cellar has no data files that templates read: rows as items keep its one model (typed front
/// matter, kinds, cells, sections), and each row is then checked, sorted and edited like any item.
struct DataSection: Sendable {
    /// The folder of `content/` the section is (`showcase`), from the page's URL.
    var folder: String
    var title: String
    var description: String?
    /// The page, with its body the text around the loop (its introduction, converted like a body).
    var page: SourceDocument
    /// `_data/showcase.yml`.
    var dataFile: String
    /// The kind its items are: named after the data (`showcase`).
    var kind: String
    /// The rows, in the order the page showed them (`reversed` applied).
    var rows: [LocatedNode]

    /// A `{% for x in site.data.NAME %}…{% endfor %}` loop of a body: the data's name (`showcase`,
    /// `team.members`), whether it is `reversed`, and the loop's text, nested loops and all.
    struct Loop: Equatable {
        var data: String
        var reversed: Bool
        var range: Range<String.Index>
    }

    static func loop(in body: String) -> Loop? {
        let opening = #"\{%-?\s*for\s+\w+\s+in\s+site\.data\.([A-Za-z0-9_.-]+)((?:\s+(?:reversed|limit:\s*\d+|offset:\s*\d+))*)\s*-?%\}"#
        guard let open = body.range(of: opening, options: .regularExpression) else { return nil }
        let tag = String(body[open])
        guard let nameRange = tag.range(of: #"site\.data\.[A-Za-z0-9_.-]+"#, options: .regularExpression) else { return nil }
        let name = String(tag[nameRange].dropFirst("site.data.".count))
        if tag.contains("limit:") || tag.contains("offset:") { return nil }   // a part of the rows: not the page's list
        // The matching `endfor`, counting the loops inside.
        var depth = 1
        var cursor = open.upperBound
        let tags = #"\{%-?\s*(for|endfor)\b[^%]*-?%\}"#
        while let next = body.range(of: tags, options: .regularExpression, range: cursor..<body.endIndex) {
            depth += body[next].contains("endfor") ? -1 : 1
            cursor = next.upperBound
            if depth == 0 { return Loop(data: name, reversed: tag.contains("reversed"), range: open.lowerBound..<next.upperBound) }
        }
        return nil
    }

    /// The rows of `_data/<name>.yml` (`.yaml`, `.json`; `a.b` is `_data/a/b.yml`), when the file is
    /// a list of mappings; nil otherwise (the page is then left out, as before).
    static func rows(of name: String, in tree: SourceTree, dataFolder: String = "_data") -> (file: String, rows: [LocatedNode])? {
        let base = Paths.join(dataFolder, name.split(separator: ".").joined(separator: "/"))
        for ext in ["yml", "yaml", "json"] {
            let path = base + "." + ext
            guard tree.isFile(path), let text = tree.text(path),
                  let root = try? YAMLParser().parse(text, file: tree.display(path)),
                  let items = root.items, !items.isEmpty, items.allSatisfy({ $0.pairs != nil }) else { continue }
            return (path, items)
        }
        return nil
    }

    /// A kind name from the data's name (`showcase`, `team.members` → `members`), not one of `taken`.
    static func kindName(for data: String, taken: Set<String>) -> String {
        let last = data.split(separator: ".").last.map(String.init) ?? data
        var name = String(last.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        if name.first.map({ !$0.isLetter }) ?? true { name = "data_" + name }
        while taken.contains(name) { name += "_row" }
        return name
    }
}

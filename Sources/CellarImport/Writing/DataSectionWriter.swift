import CellarAuthoring
import CellarDiagnostics
import CellarEngine
import CellarFiles
import CellarTree
import Foundation

/// The files of a ``DataSection``: its `_index.md`, one item per row, the kind its rows are
/// (schema typed from every row's values, `page: false`) and that kind's cell.
struct DataSectionWriter {
    var timeZone: TimeZone

    /// A field of the rows: the key as the data writes it, its name in the kind, its type.
    struct Field {
        var key: String
        var name: String
        var type: KeptFieldType
        /// `url` whose every value is a web address: the kind's `link` (type `url`), as the cell's link.
        var isLink = false
    }

    /// Keys that give a row its title, in the order they are tried.
    static let titleKeys = ["title", "name", "label"]

    func files(of section: DataSection, intro: String, notes: inout [ImportNote]) -> [String: String] {
        let titleKey = Self.titleKeys.first { key in section.rows.contains { $0[key]?.nonEmptyText != nil } }
        let fields = Self.fields(of: section.rows, titleKey: titleKey, notes: &notes, file: section.dataFile)
        var files: [String: String] = [:]
        files["content/" + Paths.join(section.folder, "_index.md")] = sectionIndex(section, intro: intro)
        var slugs: Set<String> = ["_index", "index"]
        for (index, row) in section.rows.enumerated() {
            let title = titleKey.flatMap { row[$0]?.nonEmptyText } ?? "\(section.title) \(index + 1)"
            var slug = JekyllSlug.slugify(title)
            if slug.isEmpty { slug = "row-\(index + 1)" }
            let base = slug
            var number = 2
            while !slugs.insert(slug).inserted { slug = "\(base)-\(number)"; number += 1 }
            var lines = ["---", "title: " + YAMLText.quoted(title), "weight: \(index + 1)"]
            for field in fields {
                guard let value = row[field.key], let text = field.isLink ? value.scalar.map(YAMLText.quoted) : field.type.yaml(value, timeZone: timeZone)
                else { continue }
                lines.append("\(field.name): \(text)")
            }
            files["content/" + Paths.join(section.folder, slug + ".md")] = lines.joined(separator: "\n") + "\n---\n"
        }
        files["kinds/\(section.kind).yml"] = schema(section, fields: fields)
        files["cells/\(section.kind).html"] = cell(section, fields: fields)
        return files
    }

    /// The section's settings: its rows in the page's order, all on one page, not on the home page.
    private func sectionIndex(_ section: DataSection, intro: String) -> String {
        var lines = ["---", "title: " + YAMLText.quoted(section.title)]
        if let description = section.description { lines.append("description: " + YAMLText.quoted(description)) }
        lines += ["kind: \(section.kind)", "sort: weight", "order: asc", "paginate: \(max(section.rows.count, 1))",
                  "home_items: 0", "feed: false", "---"]
        return lines.joined(separator: "\n") + "\n" + intro
    }

    private func schema(_ section: DataSection, fields: [Field]) -> String {
        var lines = ["label: " + YAMLText.quoted(section.title),
                     "description: " + YAMLText.quoted("A row of \(section.dataFile), imported from the page \(section.page.path)"),
                     "page: false", "fields:"]
        for field in fields {
            if field.isLink { lines.append("  link: {type: url, required: false}"); continue }
            guard let spec = field.type.schema else { continue }
            lines.append("  \(field.name): \(spec)")
        }
        if fields.isEmpty { lines[lines.count - 1] = "fields: {}" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The title (a link when the rows have one), then each other field as a term and its value.
    private func cell(_ section: DataSection, fields: [Field]) -> String {
        let link = fields.contains(where: \.isLink)
        var html = "<article class=\"cell cell-\(section.kind)\" id=\"{{anchor}}\">\n<h3 class=\"cell-title\">"
            + (link ? "{{#link}}<a href=\"{{link}}\">{{title}}</a>{{/link}}{{^link}}{{title}}{{/link}}" : "{{title}}") + "</h3>\n"
        let shown = fields.filter { !$0.isLink }
        guard !shown.isEmpty else { return html + "</article>\n" }
        html += "<dl class=\"cell-fields\">\n"
        for field in shown {
            let label = Self.escaped(field.key)
            switch field.type {
            case .list:
                html += "<dt>\(label)</dt><dd>{{#\(field.name)}}<span>{{.}}</span> {{/\(field.name)}}</dd>\n"
            case .date:
                html += "{{#\(field.name)}}<dt>\(label)</dt><dd><time datetime=\"{{iso}}\">{{short}}</time></dd>{{/\(field.name)}}\n"
            case .bool:
                html += "{{#\(field.name)}}<dt>\(label)</dt><dd>✓</dd>{{/\(field.name)}}\n"
            case .object, .unsupported:
                continue
            default:
                html += "{{#\(field.name)}}<dt>\(label)</dt><dd>{{\(field.name)}}</dd>{{/\(field.name)}}\n"
            }
        }
        return html + "</dl>\n</article>\n"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The rows' fields but the title's, in the order they first appear, typed from every value.
    static func fields(of rows: [LocatedNode], titleKey: String?, notes: inout [ImportNote], file: String) -> [Field] {
        var fields: [Field] = []
        for row in rows {
            for pair in row.pairs ?? [] {
                guard let key = pair.key.scalar, key != titleKey else { continue }
                if let index = fields.firstIndex(where: { $0.key == key }) {
                    fields[index].type = fields[index].type.merged(with: KeptFieldType.of(pair.value))
                } else {
                    fields.append(Field(key: key, name: FieldMapper.fieldName(for: key), type: KeptFieldType.of(pair.value)))
                }
            }
        }
        for index in fields.indices where fields[index].key == "url" {
            let values = rows.compactMap { $0["url"] }
            if values.allSatisfy({ ($0.scalar ?? "").hasPrefix("http://") || ($0.scalar ?? "").hasPrefix("https://") || $0.isNull }) {
                fields[index].isLink = true
                fields[index].name = "link"
            }
        }
        for field in fields {
            if case .unsupported(let why) = field.type {
                notes.append(ImportNote(.dropped, .field, "\(file): the field '\(field.key)' holds \(why), which no Cellar type holds: left out of the rows",
                                        at: SourceLocation(file: file)))
            }
        }
        return fields.filter { if case .unsupported = $0.type { return false } else { return true } }
    }
}

import CellarAuthoring
import CellarEngine
import Foundation

/// The text of `cellar kinds`: each kind with one aligned line per own field, then the files the
/// site's own folders override the theme's with (when there are any), then the common fields.
///
/// ```
/// review — Review: A review of a film, book, album or thing, with a rating out of ten.
///   rating   int                             0…10          Score out of ten
///   verdict  enum?: must-see | good | skip                 The short answer
/// ```
struct KindListing {
    var catalog: KindCatalog

    func text(_ terminal: Terminal) -> String {
        var blocks: [String] = []
        for entry in catalog.kinds {
            var head = terminal.styledForStdout(entry.name, .bold) + " — " + entry.label
            if let description = entry.description { head += ": " + description }
            var lines = [head]
            var about: [String] = []
            if let swiftType = entry.swiftType {
                about.append("declared in Swift by \(swiftType) at \(entry.registration ?? "?")"
                             + (entry.replaces.map { ", replacing \($0)" } ?? ""))
            }
            if !entry.hasPage { about.append("no pages of its own: its items live in lists") }
            if !entry.sections.isEmpty {
                about.append("the kind of " + entry.sections.map { "content/\($0)/" }.joined(separator: ", "))
            }
            // Which file draws it, when the site's own folders override the theme's.
            for (role, file) in [("cell", entry.cell), ("page", entry.page)] {
                if let file, file.isSite { about.append("\(role): \(file.display)" + (file.hides.map { " instead of \($0)" } ?? "")) }
            }
            if !about.isEmpty { lines.append("  (" + about.joined(separator: "; ") + ")") }
            let fields = entry.fields
            if fields.isEmpty { lines.append("  no fields of its own") }
            lines += Self.table(fields.map { field in
                [field.name, field.type, Self.details(field), field.description ?? ""]
            }).map { "  " + $0 }
            blocks.append(lines.joined(separator: "\n"))
        }
        if !catalog.siteFiles.isEmpty {
            let count = catalog.siteFiles.count
            var lines = ["The site's own theme file\(count == 1 ? "" : "s") (used instead of the theme's of the same name):"]
            lines += Self.table(catalog.siteFiles.map { entry in
                [entry.file.display, entry.file.hides.map { "instead of \($0)" } ?? "(the theme has none)"]
            }).map { "  " + $0 }
            blocks.append(lines.joined(separator: "\n"))
        }
        let common = catalog.commonFields.map { field in
            "\(field.name) (\(field.type)\(field.defaultValue.map { ", default \($0)" } ?? ""))"
        }
        blocks.append("Every kind also has: " + common.joined(separator: ", ") + ".")
        return blocks.joined(separator: "\n\n")
    }

    /// Bounds and default: `0…10`, `default: good`.
    static func details(_ field: FieldSummary) -> String {
        [field.bounds, field.defaultValue.map { "default: \($0)" }].compactMap { $0 }.joined(separator: ", ")
    }

    /// Rows padded into columns (empty columns take no room); trailing spaces trimmed.
    static func table(_ rows: [[String]]) -> [String] {
        guard let columns = rows.map(\.count).max() else { return [] }
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() where widths[column] > 0 {
                let isLast = column == row.count - 1
                line += isLast ? cell : cell.padding(toLength: widths[column] + 2, withPad: " ", startingAt: 0)
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}

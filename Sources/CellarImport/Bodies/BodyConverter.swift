import CellarEngine
import CellarDiagnostics
import Foundation

/// Converts every body of the new site: Liquid (Jekyll) or shortcodes (Hugo), Jekyll's own excerpt
/// separator into `<!--more-->`, and notes what only the source's Markdown understood.
struct BodyConverter {
    var dialect: SourceDialect
    var references: ReferenceIndex
    var settings: SourceSettings
    /// Shortcodes the new site's theme provides.
    var shortcodes: Set<String>

    /// Where each document and file of the source went.
    static func references(items: [PlannedItem], sections: [PlannedSection], copies: [FileCopy], contentDir: String) -> ReferenceIndex {
        var index = ReferenceIndex()
        for copy in copies { index.bySourcePath[copy.source] = copy.target }
        for item in items {
            let document = item.document
            index.bySourcePath[document.path] = item.target
            if document.collection == "posts", !document.isDraftFile {
                let name = Leftovers.deletingExtension(Paths.lastComponent(of: document.path))
                index.byPostName[name] = item.target
                if let range = document.path.range(of: "_posts/") {
                    index.byPostName[Leftovers.deletingExtension(String(document.path[range.upperBound...]))] = item.target
                }
            }
            let prefix = contentDir + "/"
            if document.path.hasPrefix(prefix) {
                let rel = String(document.path.dropFirst(prefix.count))
                index.byContentPath[rel] = item.target
                index.byContentPath[Leftovers.deletingExtension(rel)] = item.target
                if document.bundle != nil { index.byContentPath[Paths.parent(of: rel)] = item.target }
                let name = Paths.lastComponent(of: document.bundle != nil ? Paths.parent(of: rel) : rel)
                for key in Set([name, Leftovers.deletingExtension(name)]) { index.byName[key, default: []].append(item.target) }
            }
        }
        for section in sections {
            let target = Paths.join(section.folder, "_index.md")
            index.byContentPath[section.folder] = target
            if let document = section.index {
                index.bySourcePath[document.path] = target
                index.byContentPath[Paths.join(section.folder, "_index.md")] = target
            }
        }
        return index
    }

    /// The converted body of a document, with its notes counted into the report.
    func convert(_ document: SourceDocument, report: inout ImportReport) -> String {
        var result: LiquidConverter.Result
        switch dialect {
        case .jekyll:
            result = LiquidConverter(references: references, siteURL: settings.baseURL.map { String($0.dropLast()) },
                                     siteValues: settings.templateValues).convert(document)
        case .hugo: result = ShortcodeConverter(references: references, provided: shortcodes).convert(document)
        }
        report[.templateTagsConverted] += result.converted
        report[.templateTagsLeft] += result.left
        for note in result.notes { report.add(note) }
        var body = result.body
        if dialect == .jekyll {
            if let separator = settings.excerptSeparator, separator != "<!--more-->", let range = body.range(of: separator) {
                body.replaceSubrange(range, with: "<!--more-->")
                report.add(ImportNote(.converted, .markup, "the excerpt separator '\(separator)' is <!--more-->", at: document.location))
            }
            noteKramdown(body, of: document, report: &report)
        }
        return body
    }

    /// kramdown's attribute lists (`{: .class}`, `{:toc}`) and extensions, which CommonMark shows as text.
    private func noteKramdown(_ body: String, of document: SourceDocument, report: inout ImportReport) {
        var inFence = false
        for (number, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, trimmed.hasPrefix("{:"), trimmed.hasSuffix("}") else { continue }
            let column = line.count - line.drop(while: { $0 == " " || $0 == "\t" }).count + 1
            report.add(ImportNote(.problem, .markup, "the kramdown attribute list \(trimmed) shows as text in CommonMark",
                                  at: document.bodyLocation(line: number + 1, column: column),
                                  hint: trimmed.contains("toc") ? "remove it: the table of contents is not generated" : "remove it, or use raw HTML for the attribute"))
        }
    }
}

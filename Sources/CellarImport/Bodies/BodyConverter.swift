import CellarEngine
import CellarDiagnostics
import CellarFiles
import Foundation

/// Converts every body of the new site: Liquid (Jekyll) or shortcodes (Hugo), Jekyll's own excerpt
/// separator into `<!--more-->`, and notes what only the source's Markdown understood.
struct BodyConverter {
    var dialect: SourceDialect
    var references: ReferenceIndex
    var settings: SourceSettings
    /// Shortcodes the new site's theme provides.
    var shortcodes: Set<String>
    /// Hugo: the folder the pages are read from (`content/en`); empty for Jekyll.
    var contentDir = ""

    /// Where each document and file of the source went.
    static func references(items: [PlannedItem], sections: [PlannedSection], copies: [FileCopy], contentDir: String) -> ReferenceIndex {
        var index = ReferenceIndex()
        for copy in copies { index.bySourcePath[copy.source] = copy.target }
        index.files = Set(copies.map(\.target))
        for item in items {
            let document = item.document
            index.bySourcePath[document.path] = item.target
            index.urlByTarget[item.target] = item.newURL
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
            index.urlByTarget[target] = URLPlanner.sectionURL(section.folder)
            if let document = section.index {
                index.bySourcePath[document.path] = target
                index.byContentPath[Paths.join(section.folder, "_index.md")] = target
            }
        }
        for (path, target) in index.byContentPath { index.byLowercasedContentPath[path.lowercased()] = target }
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
        let links = MarkdownFileLinks(references: references, contentDir: contentDir,
                                      resolvesPagePaths: dialect == .hugo && settings.linkRenderHook != nil).convert(result.body, of: document)
        if links.converted > 0 {
            report.add(ImportNote(.converted, .link, "\(links.converted) link\(links.converted == 1 ? "" : "s") to Markdown files of the source now name\(links.converted == 1 ? "s" : "") where the file went in the new site",
                                  at: document.location))
        }
        var body = links.body
        if dialect == .jekyll {
            if let separator = settings.excerptSeparator, separator != "<!--more-->", let range = body.range(of: separator) {
                body.replaceSubrange(range, with: "<!--more-->")
                report.add(ImportNote(.converted, .markup, "the excerpt separator '\(separator)' is <!--more-->", at: document.location))
            }
            body = convertKramdown(body, of: document, report: &report)
        }
        return body
    }

    /// kramdown's attribute lists: one on the line after a heading (`{: #v4-3-3}`) moves onto the
    /// heading as `{#v4-3-3}`, which Cellar reads as Goldmark and kramdown do; any other (`{: .class}`,
    /// `{:toc}`) shows as text in CommonMark and is a problem at its place.
    private func convertKramdown(_ body: String, of document: SourceDocument, report: inout ImportReport) -> String {
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inFence = false
        var moved = 0
        var number = 0
        var removed = 0   // lines taken out so far: notes name the source's line numbers
        while number < lines.count {
            let line = lines[number]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle() }
            guard !inFence, trimmed.hasPrefix("{:"), trimmed.hasSuffix("}") else {
                number += 1
                continue
            }
            if number > 0, let heading = Self.headingLine(before: number, in: lines),
               Self.holdsOnlyIDsAndClasses(trimmed) {
                var text = lines[heading]
                if text.hasPrefix("#") { while text.hasSuffix("#") || text.hasSuffix(" ") { text.removeLast() } }
                lines[heading] = text + " {" + trimmed.dropFirst(2).drop(while: { $0 == " " })
                lines.remove(at: number)
                removed += 1
                moved += 1
                continue
            }
            let column = line.count - line.drop(while: { $0 == " " || $0 == "\t" }).count + 1
            report.add(ImportNote(.problem, .markup, "the kramdown attribute list \(trimmed) shows as text in CommonMark",
                                  at: document.bodyLocation(line: number + removed + 1, column: column),
                                  hint: trimmed.contains("toc") ? "remove it: the table of contents is not generated" : "remove it, or use raw HTML for the attribute"))
            number += 1
        }
        guard moved > 0 else { return body }
        report.add(ImportNote(.converted, .markup, "\(moved) kramdown heading id\(moved == 1 ? "" : "s") ({: #id} under a heading) written on their headings as {#id}",
                              at: document.location))
        return lines.joined(separator: "\n")
    }

    /// The heading line right above `index`: an ATX heading, or the text of a setext one.
    private static func headingLine(before index: Int, in lines: [String]) -> Int? {
        let previous = lines[index - 1]
        if previous.hasPrefix("#"), previous.drop(while: { $0 == "#" }).first == " " { return index - 1 }
        let underline = previous.trimmingCharacters(in: .whitespaces)
        if index >= 2, !underline.isEmpty, underline.allSatisfy({ $0 == "=" }) || underline.allSatisfy({ $0 == "-" }),
           !lines[index - 2].trimmingCharacters(in: .whitespaces).isEmpty {
            return index - 2
        }
        return nil
    }

    /// Whether an attribute list holds ids and classes only, which a heading can take.
    private static func holdsOnlyIDsAndClasses(_ list: String) -> Bool {
        let words = list.dropFirst(2).dropLast().split(separator: " ")
        return !words.isEmpty && words.allSatisfy { ($0.first == "#" || $0.first == ".") && $0.count > 1 }
    }
}

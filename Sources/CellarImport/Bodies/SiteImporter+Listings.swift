import CellarDiagnostics
import CellarEngine
import CellarFiles
import Foundation

extension SiteImporter {
    /// Where the pages each listing shortcode lists went in the new site: the folder of its snippets
    /// (pages Hugo never rendered, the usual glossary) or of its items. A shortcode whose section has
    /// no pages is left out (its calls stay problems).
    static func listedFolders(_ shortcodes: [String: String], snippets: [SourceDocument], items: [PlannedItem],
                              contentDir: String, report: inout ImportReport) -> [String: String] {
        var folders: [String: String] = [:]
        for (name, section) in shortcodes.sorted(by: { $0.key < $1.key }) {
            let key = section.trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()
            let prefix = (contentDir.isEmpty ? "" : contentDir + "/") + key + "/"
            let targets = snippets.filter { $0.path.lowercased().hasPrefix(prefix) }.map(\.target)
                + items.filter { $0.document.path.lowercased().hasPrefix(prefix) && $0.document.role != .sectionIndex }.map(\.target)
            guard let first = targets.first else { continue }
            // `glossary/term.md` → `glossary`; a bundle's `glossary/term/index.md` → `glossary`.
            let parent = Paths.parent(of: first)
            let folder = Paths.lastComponent(of: first) == "index.md" ? Paths.parent(of: parent) : parent
            folders[name] = folder
            report.add(ImportNote(.converted, .template, "the shortcode {{< \(name) >}} lists the pages of \(section) as a definition list: its calls are {{< definitions \"/\(folder)\" >}}, which draws the \(targets.count) files of content/\(folder)/ the same way (terms by title, an id per term from its file name)"))
        }
        return folders
    }
}

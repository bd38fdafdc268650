import CellarDiagnostics
import Foundation

/// Compares the URLs the importer worked out from the source's rules with the site the source's
/// generator last built, when it is there (`public/` beside a Hugo site, `_site/` beside a Jekyll
/// one): the report then says how many it confirmed, and names each it could not find.
struct BuiltOutputCheck {
    var tree: SourceTree
    var dialect: SourceDialect

    /// The built output's folder, when the source has one with a home page.
    var folder: String? {
        let name = dialect == .hugo ? "public" : "_site"
        return tree.isFile(name + "/index.html") ? name : nil
    }

    func check(_ items: [PlannedItem], report: inout ImportReport) {
        guard let folder else {
            report.add(ImportNote(.kept, .url, "the URLs are worked out from \(dialect.name)'s rules; the source has no built site (\(dialect == .hugo ? "public" : "_site")/) to confirm them with",
                                  hint: "build the source with \(dialect == .hugo ? "hugo" : "jekyll build") and import again to have each URL checked"))
            return
        }
        var missing: [PlannedItem] = []
        for item in items where !(item.fields.draft || item.document.isDraftFile) {
            guard let old = item.oldURL else { continue }
            // `/about` with no ending is about/index.html or about.html, as the generator wrote it.
            let files = old.hasSuffix("/") ? [old + "index.html"]
                : URLPaths.fileExtension(old).isEmpty ? [old + "/index.html", old + ".html"] : [old]
            if files.contains(where: { tree.isFile(folder + $0) }) {
                report[.urlsConfirmed] += 1
            } else {
                missing.append(item)
            }
        }
        for item in missing {
            report.add(ImportNote(.problem, .url, "\(item.document.path): its URL by \(dialect.name)'s rules, \(item.oldURL ?? ""), is not in the built site \(folder)/",
                                  at: item.document.location, hint: "find where \(folder)/ has it, and give the new item that address (slug: or aliases:)"))
        }
    }
}

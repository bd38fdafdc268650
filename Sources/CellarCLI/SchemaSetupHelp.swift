import CellarAuthoring
import CellarEngine

/// What `cellar kinds --json-schema DIR` prints: what it wrote and how to hook the schemas up.
struct SchemaSetupHelp {
    var catalog: KindCatalog
    /// The schema folder, absolute, and as typed.
    var folder: String
    var typed: String
    /// The site folder, absolute.
    var siteRoot: String
    var count: Int

    var text: String {
        let shown = typed.hasSuffix("/") ? String(typed.dropLast()) : typed
        let example = catalog.kinds.first(where: { !$0.sections.isEmpty }) ?? catalog["review"] ?? catalog.kinds.first
        let kind = example?.name ?? "article"
        let section = example?.sections.first ?? "<section>"
        let file = JSONSchemaWriter.fileName(of: kind)
        // From content/<section>/ up to the site, then down to the schemas (or their absolute path).
        let prefix = siteRoot.hasSuffix("/") ? siteRoot : siteRoot + "/"
        let fromSite = folder.hasPrefix(prefix) ? String(folder.dropFirst(prefix.count)) : nil
        let depth = section.split(separator: "/").count + 1
        let modeline = fromSite.map { String(repeating: "../", count: depth) + $0 + "/" + file } ?? folder + "/" + file
        let setting = (fromSite.map { "./" + $0 } ?? folder) + "/" + file
        return """
            Wrote \(count) JSON Schema\(count == 1 ? "" : "s") (draft-07) to \(shown)/: \
            \(catalog.kinds.map(\.name).joined(separator: ", ")).

            Editors that use the YAML language server can then complete and check front matter as you type.
            Name the schema in the front matter of an item (a YAML comment, ignored by Cellar):
              # yaml-language-server: $schema=\(modeline)
            or map a whole section to it, in .vscode/settings.json:
              "yaml.schemas": { "\(setting)": ["content/\(section)/*.md"] }
            The server checks YAML documents: in VS Code, front matter inside .md files reaches it only
            through an extension that hands it over (see redhat-developer/vscode-yaml#207).
            """
    }
}

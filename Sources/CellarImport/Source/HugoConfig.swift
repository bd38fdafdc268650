import CellarDiagnostics
import CellarTOML
import CellarTree
import CellarYAML
import Foundation

/// A Hugo site's configuration — `hugo.toml|yaml|json`, `config.toml|yaml|json`, or the files of
/// `config/_default/` — read into Cellar's settings and the rules the reader needs. Keys ignore case,
/// as Hugo's do.
struct HugoConfig {
    var settings = SourceSettings()
    var rules: HugoURLRules
    var ignore = IgnoreRules()
    var contentDir = "content"
    var staticDirs = ["static"]
    /// `theme = "x"` (or a list): the themes whose `static/` the site also serves, after its own.
    var themes: [String] = []
    /// Languages other than the default one (`post.fr.md` belongs to one of them).
    var otherLanguages: Set<String> = []
    /// The content folders of the other languages (`languages.fr.contentDir`, a mount with
    /// `lang = 'fr'`), by folder: their pages are translations, left out and counted.
    var otherLanguageDirs: [String: String] = [:]
    /// Languages turned off (`disableLanguages`, `disabled = true`), lowercased.
    var disabledLanguages: Set<String> = []
    /// The default language's code, as the config writes it.
    var defaultLanguage = "en"
    var files: [String] = []

    static let names = ["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"]

    static func read(_ tree: SourceTree, report: inout ImportReport) throws(Diagnostic) -> HugoConfig {
        var config = HugoConfig(rules: HugoURLRules(timeZone: TimeZone(identifier: "UTC") ?? .current))
        var pairs: [LocatedNode.Pair] = []
        func merge(_ node: LocatedNode?, under key: String? = nil, at location: SourceLocation) {
            guard let node else { return }
            if let key {
                pairs.append(LocatedNode.Pair(key: LocatedNode(.scalar(key, style: .plain), at: location), value: node))
            } else {
                let known = Set(pairs.compactMap { $0.key.scalar?.lowercased() })
                pairs += (node.pairs ?? []).filter { !known.contains($0.key.scalar?.lowercased() ?? "") }
            }
        }
        if let name = names.first(where: tree.isFile) {
            merge(try parse(name, tree), at: SourceLocation(file: tree.display(name)))
            config.files.append(tree.display(name))
        }
        for folder in ["config/_default", "config"] where tree.isDirectory(folder) {
            for name in tree.names(in: folder)
            where ["toml", "yaml", "yml", "json"].contains(Leftovers.fileExtension(name)) && tree.isFile(folder + "/" + name) {
                let path = folder + "/" + name
                let key = Leftovers.deletingExtension(name).lowercased()
                let node = try parse(path, tree)
                merge(node, under: key == "hugo" || key == "config" ? nil : key, at: SourceLocation(file: tree.display(path)))
                config.files.append(tree.display(path))
            }
            break
        }
        guard let file = config.files.first else {
            throw .error("\(tree.root) is not a Hugo site: it has no hugo.toml, config.toml (or .yaml, .json) and no config/_default/",
                         hint: "give the folder that holds the site's configuration; for a Jekyll site, use 'cellar import jekyll'")
        }
        config.settings.file = file
        let root = LocatedNode(.mapping(pairs), at: SourceLocation(file: file))
        config.apply(root, report: &report)
        return config
    }

    private static func parse(_ path: String, _ tree: SourceTree) throws(Diagnostic) -> LocatedNode? {
        let display = tree.display(path)
        if path.hasSuffix(".toml") { return try TOMLParser().parseFile(atPath: tree.absolute(path), display: display) }
        guard let text = tree.text(path) else { throw .error("cannot read the file as UTF-8 text", at: SourceLocation(file: display)) }
        return try YAMLParser().parse(text, file: display)   // JSON is YAML
    }

    private mutating func apply(_ root: LocatedNode, report: inout ImportReport) {
        func node(_ path: String) -> LocatedNode? { root.value(atPath: path, caseInsensitive: true) }
        func text(_ path: String) -> String? { node(path)?.nonEmptyText }
        settings.title = text("title")
        settings.description = text("params.description") ?? text("description") ?? text("params.subtitle")
        if let base = text("baseURL"), base.hasPrefix("http") { settings.baseURL = base.hasSuffix("/") ? base : base + "/" }
        let defaultLanguage = text("defaultContentLanguage") ?? "en"
        settings.language = text("languageCode") ?? text("languages.\(defaultLanguage).languageCode") ?? text("defaultContentLanguage")
        var disabled = Set((node("disableLanguages")?.textList() ?? []).map { $0.text.lowercased() })
        for (code, _, language) in node("languages")?.keyedPairs ?? [] {
            if language.value("disabled", caseInsensitive: true)?.boolValue == true { disabled.insert(code.lowercased()) }
        }
        for (code, _, _) in node("languages")?.keyedPairs ?? [] where code.lowercased() != defaultLanguage.lowercased() {
            otherLanguages.insert(code.lowercased())
        }
        // The languages the site publishes, the default first, then by weight as Hugo orders them.
        var languages: [SourceLanguage] = []
        for (code, _, language) in node("languages")?.keyedPairs ?? [] where !disabled.contains(code.lowercased()) {
            func value(_ key: String) -> String? { language.value(atPath: key, caseInsensitive: true)?.nonEmptyText }
            languages.append(SourceLanguage(code: code.lowercased(), name: value("languageName") ?? value("label"),
                                            weight: language.value("weight", caseInsensitive: true)?.intValue ?? 0,
                                            title: value("title"),
                                            description: value("params.description") ?? value("description")))
        }
        if languages.count > 1 || (languages.count == 1 && languages[0].code != defaultLanguage.lowercased()) {
            if !languages.contains(where: { $0.code == defaultLanguage.lowercased() }) {
                languages.append(SourceLanguage(code: defaultLanguage.lowercased(), weight: 0))
            }
            languages.sort { lhs, rhs in
                let left = lhs.code == defaultLanguage.lowercased() ? Int.min : (lhs.weight == 0 ? Int.max : lhs.weight)
                let right = rhs.code == defaultLanguage.lowercased() ? Int.min : (rhs.weight == 0 ? Int.max : rhs.weight)
                return (left, lhs.code) < (right, rhs.code)
            }
            settings.languages = languages
            if let own = languages.first(where: { $0.code == defaultLanguage.lowercased() }) {
                settings.title = settings.title ?? own.title
                settings.description = settings.description ?? own.description
            }
            settings.defaultLanguage = defaultLanguage.lowercased()
            settings.defaultLanguageInSubdir = node("defaultContentLanguageInSubdir")?.boolValue ?? false
        }
        otherLanguages.subtract(disabled)
        disabledLanguages = disabled
        if let name = text("timeZone") {
            if let zone = TimeZone(identifier: name) {
                settings.timeZone = zone
                settings.timeZoneName = name
                rules.timeZone = zone
            } else {
                report.add(ImportNote(.problem, .setting, "unknown time zone '\(name)'; dates without an offset are read in UTC",
                                      at: node("timeZone")?.location))
            }
        }
        settings.paginate = node("paginate")?.intValue ?? node("pagination.pagerSize")?.intValue
        settings.copyright = text("copyright")
        settings.author = text("author") ?? text("author.name") ?? text("params.author") ?? text("params.author.name")
        for entry in (node("menu.main") ?? node("menus.main"))?.items ?? [] {
            guard let label = entry.value("name", caseInsensitive: true)?.nonEmptyText else { continue }
            let url = entry.value("url", caseInsensitive: true)?.nonEmptyText ?? entry.value("pageRef", caseInsensitive: true)?.nonEmptyText
            settings.menu.append(MenuLink(label: label, url: url, document: nil,
                                          weight: entry.value("weight", caseInsensitive: true)?.intValue ?? 0))
        }
        ignore.expressions = (node("ignoreFiles")?.textList() ?? []).map(\.text)
        let handler = text("markup.defaultMarkdownHandler")?.lowercased()
        if node("markup.goldmark.renderer.unsafe")?.boolValue == true {
            settings.rawHTML = true
        } else if handler == "blackfriday" || node("blackfriday") != nil {
            settings.rawHTML = true
            report.add(ImportNote(.kept, .markup, "the site renders Markdown with Blackfriday, which lets raw HTML through: so does the new site",
                                  at: (node("blackfriday") ?? node("markup.defaultMarkdownHandler"))?.location))
        }
        settings.definitionLists = node("markup.goldmark.extensions.definitionList")?.boolValue ?? true
        settings.definitionTermIDs = settings.definitionLists && node("markup.goldmark.parser.autoDefinitionTermID")?.boolValue == true
        if let type = text("markup.goldmark.parser.autoHeadingIDType")?.lowercased(), type != "github" {
            report.add(ImportNote(.converted, .markup, "headings get ids in GitHub's style; the site's autoHeadingIDType '\(type)' differs only for letters with accents or punctuation",
                                  at: node("markup.goldmark.parser.autoHeadingIDType")?.location))
        }
        if let taxonomies = node("taxonomies") ?? node("indexes") {
            settings.taxonomies = taxonomies.keyedPairs.compactMap { $0.value.nonEmptyText?.lowercased() }
        }
        for (section, _, value) in node("permalinks")?.keyedPairs ?? [] {
            if let pattern = value.nonEmptyText {
                rules.permalinks[section] = pattern
            } else if section.lowercased() == "page" {
                for (name, _, inner) in value.keyedPairs { if let pattern = inner.nonEmptyText { rules.permalinks[name] = pattern } }
            }
        }
        if let ugly = node("uglyURLs") {
            // `uglyURLs = true`, or a table of sections: `[uglyURLs] posts = true`.
            rules.uglyURLs = ugly.boolValue ?? false
            for (section, _, value) in ugly.keyedPairs { rules.uglySections[section.lowercased()] = value.boolValue ?? false }
        }
        rules.lowercase = !(node("disablePathToLower")?.boolValue ?? false)
        settings.lowercasePaths = rules.lowercase
        self.defaultLanguage = defaultLanguage
        contentDir = text("languages.\(defaultLanguage).contentDir") ?? text("contentDir") ?? "content"
        for (code, _, language) in node("languages")?.keyedPairs ?? [] where code.lowercased() != defaultLanguage.lowercased() {
            if let folder = language.value("contentDir", caseInsensitive: true)?.nonEmptyText { otherLanguageDirs[Self.folder(folder)] = code.lowercased() }
        }
        if let dirs = node("staticDir") { staticDirs = dirs.textList().map(\.text) }
        themes = (node("theme")?.textList() ?? []).map(\.text)
        readMounts(node("module.mounts")?.items ?? [])
        contentDir = Self.folder(contentDir)
    }

    /// Hugo Modules' mounts (`[[module.mounts]]`): the folder mounted on `content` for the default
    /// language (one without a language is every language's) is the content folder; those for other
    /// languages are translations; folders mounted on `static` are copied. Mounts of a component
    /// replace its default folder, as in Hugo.
    private mutating func readMounts(_ mounts: [LocatedNode]) {
        var staticMounts: [String] = []
        var contentMount: String?
        for mount in mounts {
            guard let source = mount.value("source", caseInsensitive: true)?.nonEmptyText,
                  let target = mount.value("target", caseInsensitive: true)?.nonEmptyText.map(Self.folder) else { continue }
            let languages = ((mount.value("lang", caseInsensitive: true)?.textList() ?? [])
                + (mount.value(atPath: "sites.matrix.languages", caseInsensitive: true)?.textList() ?? [])).map { $0.text.lowercased() }
            if target == "static" { staticMounts.append(Self.folder(source)) }
            guard target == "content" else { continue }
            if languages.isEmpty || languages.contains(defaultLanguage.lowercased()) {
                if contentMount == nil { contentMount = source }
            } else if let language = languages.first {
                otherLanguageDirs[Self.folder(source)] = language
            }
        }
        if let contentMount { contentDir = contentMount }
        if !staticMounts.isEmpty { staticDirs = staticMounts }
    }

    /// `./content/en/` → `content/en`.
    static func folder(_ path: String) -> String {
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasSuffix("/") { path = path.dropLast() }
        return String(path)
    }
}

import CellarDiagnostics
import CellarTOML
import CellarTree
import CellarYAML
import Foundation

/// A Jekyll site's `_config.yml`, read into Cellar's settings and the rules the reader and the
/// URL rules need: collections, front-matter defaults, exclusions, the permalink style.
struct JekyllConfig {
    var settings = SourceSettings()
    var rules: JekyllURLRules
    var ignore = IgnoreRules()
    /// Collection label → whether Jekyll writes its documents.
    var collections: [String: Bool] = [:]
    var collectionsDir = ""
    /// `defaults:` — scope path, scope type, values.
    var defaults: [(path: String, type: String?, values: LocatedNode)] = []
    /// minima's `header_pages:`, the pages its header links to.
    var headerPages: [String] = []

    static let defaultExcludes = [".sass-cache", ".jekyll-cache", ".ruby-lsp", "gemfiles", "Gemfile", "Gemfile.lock",
                                  "node_modules", "vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/"]

    /// Reads the configuration; a site without `_config.yml` gets Jekyll's defaults.
    static func read(_ tree: SourceTree, report: inout ImportReport) throws(Diagnostic) -> JekyllConfig {
        let utc = TimeZone(identifier: "UTC") ?? .current
        var config = JekyllConfig(rules: JekyllURLRules(timeZone: utc))
        var root: LocatedNode?
        for name in ["_config.yml", "_config.yaml", "_config.toml"] where tree.isFile(name) {
            let display = tree.display(name)
            if name.hasSuffix(".toml") {
                root = try TOMLParser().parseFile(atPath: tree.absolute(name), display: display)
            } else {
                guard let text = tree.text(name) else { throw .error("cannot read the file as UTF-8 text", at: SourceLocation(file: display)) }
                root = try YAMLParser().parse(text, file: display)
            }
            config.settings.file = display
            break
        }
        config.ignore.globs = defaultExcludes
        config.ignore.includes = [".htaccess"]
        config.settings.rawHTML = true   // kramdown passes raw HTML through
        guard let root else { return config }

        func text(_ key: String) -> String? { root[key]?.nonEmptyText }
        config.settings.title = text("title") ?? text("name")
        config.settings.templateValues = Self.flatten(root)
        config.settings.description = text("description")
        if let url = text("url") {
            let base = text("baseurl") ?? ""
            config.settings.baseURL = url.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/"
                + base.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + (base.isEmpty ? "" : "/")
        } else if let base = text("baseurl"), base != "/" {
            report.add(ImportNote(.problem, .setting, "'baseurl: \(base)' without 'url:': the new site's base_url needs the host",
                                  at: root["baseurl"]?.location, hint: "set base_url in content/_index.md to the full address, e.g. https://example.org\(base)/"))
        }
        config.settings.language = (text("lang") ?? text("locale"))?.replacingOccurrences(of: "_", with: "-")
        if let name = text("timezone") {
            if let zone = TimeZone(identifier: name) {
                config.settings.timeZone = zone
                config.settings.timeZoneName = name
            } else {
                report.add(ImportNote(.problem, .setting, "unknown time zone '\(name)'; dates without an offset are read in UTC",
                                      at: root["timezone"]?.location, hint: "use an IANA name such as Europe/Paris"))
            }
        } else {
            report.add(ImportNote(.kept, .setting, "no 'timezone:' in _config.yml: Jekyll used the zone of the machine that built the site; dates without an offset are read in UTC",
                                  at: config.settings.file.map { SourceLocation(file: $0) },
                                  hint: "if the site was built elsewhere, set timezone: in content/_index.md and check the posts' URLs"))
        }
        config.rules.timeZone = config.settings.timeZone
        if let author = root["author"] { config.settings.author = author.nonEmptyText ?? author["name"]?.nonEmptyText }
        config.settings.paginate = root["paginate"]?.intValue
        if let style = text("permalink") { config.rules.style = style }
        if let separator = root["excerpt_separator"]?.text, separator != "\n\n" { config.settings.excerptSeparator = separator }
        if let markdown = text("markdown"), markdown.lowercased() != "kramdown" {
            report.add(ImportNote(.kept, .markup, "the site renders Markdown with \(markdown); Cellar reads CommonMark, and raw HTML is let through as kramdown would",
                                  at: root["markdown"]?.location))
        }
        if root["kramdown"]?["input"]?.nonEmptyText?.lowercased() == "kramdown" {
            config.settings.anchorStyle = .kramdown
        }
        config.ignore.globs += (root["exclude"]?.textList() ?? []).map(\.text)
        config.ignore.includes += (root["include"]?.textList() ?? []).map(\.text)
        config.collectionsDir = text("collections_dir") ?? ""

        config.collections["posts"] = true
        if let collections = root["collections"] {
            if let labels = collections.items {
                for label in labels.compactMap(\.nonEmptyText) where label != "posts" { config.collections[label] = false }
            }
            for (label, _, metadata) in collections.keyedPairs {
                config.collections[label] = label == "posts" || metadata["output"]?.boolValue == true
                if let permalink = metadata["permalink"]?.nonEmptyText {
                    config.rules.collectionPermalinks[label] = JekyllURLRules.styles[permalink] ?? permalink
                }
            }
        }
        for entry in root["defaults"]?.items ?? [] {
            guard let values = entry["values"], values.pairs != nil else { continue }
            let scope = entry["scope"]
            config.defaults.append((scope?["path"]?.text ?? "", scope?["type"]?.nonEmptyText, values))
        }
        config.headerPages = (root["header_pages"]?.textList() ?? []).map(\.text)
        return config
    }

    /// Every scalar of a mapping by its dotted name: `twitter.username` → `jekyllrb`.
    static func flatten(_ node: LocatedNode, prefix: String = "") -> [String: String] {
        var values: [String: String] = [:]
        for (key, _, value) in node.keyedPairs {
            let name = prefix.isEmpty ? key : prefix + "." + key
            if let text = value.text { values[name] = text } else if value.pairs != nil { values.merge(flatten(value, prefix: name)) { $1 } }
        }
        return values
    }

    /// The defaults for a document, most specific scope last (so it wins).
    func defaults(for path: String, type: String) -> [LocatedNode] {
        defaults.enumerated().filter { _, entry in
            let scopePath = entry.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let pathMatches = scopePath.isEmpty || IgnoreRules.matches(glob: scopePath, path: path)
            return pathMatches && (entry.type == nil || entry.type == type)
        }.sorted { ($0.element.path.count, $0.offset) < ($1.element.path.count, $1.offset) }.map(\.element.values)
    }
}

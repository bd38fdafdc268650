import CellarDiagnostics
import CellarFiles
import CellarMustache
import CellarTree
import CellarYAML

/// Loads a theme's `shortcodes/` (each file from the site's `shortcodes/` when it has one): each
/// `<name>.yml` declaration with its `<name>.html` template.
struct ShortcodeLoader {
    var files: ThemeFiles
    var library: MustacheLibrary
    /// Every template file of the theme, relative to it.
    var templateFiles: [String]

    static let keys = ["description", "content", "positional", "arguments"]

    func load(diagnostics: inout DiagnosticBag) -> [String: Shortcode] {
        var shortcodes: [String: Shortcode] = [:]
        // A declaration with a name that is not valid still declares its template.
        let declared = Set(files.yamlFiles(in: "shortcodes").map(\.name))
        let rule = ThemeFileNameRule(accepts: Shortcode.isValidName, problem: "is not a valid shortcode name",
                                     hint: "name shortcodes with letters, digits, '_' and '-'")
        for (name, file) in files.yamlFiles(in: "shortcodes", named: rule, diagnostics: &diagnostics) {
            if let shortcode = load(name, file: file.display, path: file.path, diagnostics: &diagnostics) {
                shortcodes[name] = shortcode
            }
        }
        for file in templateFiles where file.hasPrefix("shortcodes/") {
            let name = Paths.deletingExtension(String(file.dropFirst("shortcodes/".count)))
            if !declared.contains(name) {
                let shown = files.display(of: file)
                diagnostics.error("the shortcode template \(shown) has no declaration",
                                  at: SourceLocation(file: shown),
                                  hint: "declare its arguments in \(files.display(of: "shortcodes/\(name).yml")) (arguments: {} for none)")
            }
        }
        return shortcodes
    }

    // MARK: - Private

    private func load(_ name: String, file: String, path: String, diagnostics: inout DiagnosticBag) -> Shortcode? {
        let node: LocatedNode?
        do throws(Diagnostic) {
            node = try YAMLParser().parse(try SourceLoader.text(at: path, display: file), file: file)
        } catch {
            diagnostics.append(error)
            return nil
        }
        let template: MustacheTemplate
        guard templateFiles.contains("shortcodes/\(name).html") else {
            diagnostics.error("shortcode '\(name)' has no template; expected \(files.display(of: "shortcodes/\(name).html"))",
                              at: SourceLocation(file: file), hint: "write how it is drawn, in Mustache, in that file")
            return nil
        }
        do throws(MustacheError) { template = try library.template(named: "shortcodes/" + name) } catch {
            diagnostics.append(error.diagnostic)
            return nil
        }
        var shortcode = Shortcode(name: name, description: nil, content: .none, positional: [],
                                  arguments: Schema(fields: []), template: template, file: file)
        guard let node, !node.isNull else { return shortcode }
        guard let pairs = node.pairs else {
            diagnostics.error("a shortcode file must be a mapping with 'arguments', found \(node.shortDescription)", at: node.location)
            return nil
        }
        var positional: LocatedNode?
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            switch key {
            case "description":
                shortcode.description = pair.value.scalar
            case "content":
                guard let content = pair.value.scalar.flatMap(Shortcode.Content.init(rawValue:)) else {
                    diagnostics.error("'content' must be none, optional or required, found \(pair.value.shortDescription)",
                                      at: pair.value.location, hint: "required: the call wraps Markdown, {{< \(name) >}}…{{< /\(name) >}}")
                    continue
                }
                shortcode.content = content
            case "positional":
                positional = pair.value
            case "arguments":
                shortcode.arguments = SchemaParser(file: file).parseFields(pair.value, diagnostics: &diagnostics)
            default:
                diagnostics.error(
                    "unknown key '\(key)' in shortcode file" + Suggestion.didYouMean(key, in: Self.keys),
                    at: pair.key.location, hint: "a shortcode file has: " + Self.keys.joined(separator: ", "))
            }
        }
        for spec in shortcode.arguments.fields where Shortcode.reservedNames.contains(spec.name) {
            diagnostics.error("'\(spec.name)' is a value every shortcode template is given; an argument cannot take its name",
                              at: spec.location, hint: "choose another name for this argument")
        }
        if let positional {
            let names = positional.items?.compactMap(\.scalar) ?? positional.scalar.map { [$0] } ?? []
            for (index, name) in names.enumerated() where shortcode.arguments[name] == nil {
                diagnostics.error(
                    "positional argument '\(name)' is not an argument of shortcode '\(shortcode.name)'"
                        + Suggestion.didYouMean(name, in: shortcode.arguments.names),
                    at: positional.items?[index].location ?? positional.location)
            }
            shortcode.positional = names
        }
        return shortcode
    }
}

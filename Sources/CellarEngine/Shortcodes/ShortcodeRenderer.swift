import CellarDiagnostics
import CellarFiles
import CellarMarkdown
import CellarMustache
import CellarTree
import Foundation

/// Draws the shortcodes a Markdown body calls: finds each call's declaration, types its arguments
/// against it — every mistake at `file:line:column`, with a did-you-mean — and renders its
/// template with them. A paired call's template gets its content, rendered as Markdown, as `inner`.
struct ShortcodeRenderer: Sendable {
    let shortcodes: [String: Shortcode]
    /// Declared with a mistake, reported there: their calls are left as written without a word.
    let unusable: Set<String>
    let library: MustacheLibrary
    let site: SiteConfig
    let dates: DateFormatting
    /// The theme's words in the site's language, and in every language for items in another.
    let text: ThemeTextTable
    let catalog: ThemeTextCatalog
    let files: ContentFileSet
    /// `content/`, absolute: where built-in shortcodes read the files they draw.
    let contentRoot: String
    let contentDisplayRoot: String
    /// Changes when anything a shortcode's HTML depends on changes: the theme, the settings.
    let key: UInt64
    /// Where the calls are written when they are not in the item's own body (an included file):
    /// the file as messages name it, the line its body starts on, and its folder in `content/`
    /// (where the paths its calls give are looked for first).
    private(set) var origin: (file: String, firstLine: Int, directory: String)?

    /// The same renderer, placing its calls in `file` (a file an item's body includes).
    func placed(in file: String, firstLine: Int, directory: String) -> ShortcodeRenderer {
        var copy = self
        copy.origin = (file, firstLine, directory)
        return copy
    }

    init(theme: Theme, site: SiteConfig, files: ContentFileSet, contentRoot: String, contentDisplayRoot: String) {
        self.shortcodes = theme.shortcodes
        self.unusable = theme.unusableShortcodes
        self.library = theme.library
        self.site = site
        self.dates = DateFormatting(timeZone: site.timeZone, language: site.language)
        self.text = theme.text.table(for: site.language)
        self.catalog = theme.text
        self.files = files
        self.contentRoot = contentRoot
        self.contentDisplayRoot = contentDisplayRoot
        var key = StableHash()
        key.combine(theme.fingerprint)
        key.combine(site.sourceHash)
        key.combine(site.url.description)
        self.key = key.value
    }

    /// Stands for a paired call's content while its template renders; the HTML around it is what
    /// goes before and after the content.
    static let innerMark = "\u{E003}inner\u{E003}"

    /// The call's HTML, or nil after reporting why it cannot be drawn (it then stays as written).
    /// - Parameter reads: the files of `content/` a built-in shortcode read, by content path, with
    ///   the hash of their text: the body depends on them.
    /// - Parameter include: renders the Markdown of a file the body includes, as part of the body
    ///   (nil where files may not be included: too deep).
    func render(_ call: ShortcodeCall, in item: ContentItem, links: LinkResolver, diagnostics: inout DiagnosticBag,
                reads: inout [String: UInt64], include: BuiltinShortcodeContext.Include? = nil) -> ShortcodeOutput? {
        let at = location(call.line, call.column, in: item)
        // A shortcode of the theme's declared with a mistake is reported there: its calls stay as written.
        if unusable.contains(call.name) { return nil }
        if shortcodes[call.name] == nil, let builtin = BuiltinShortcodes.all[call.name] {
            return drawBuiltin(builtin, call, in: item, at: at, diagnostics: &diagnostics, reads: &reads, include: include)
        }
        guard let shortcode = shortcodes[call.name] else {
            let themes = shortcodes.keys.sorted()
            let builtins = BuiltinShortcodes.all.keys.filter { shortcodes[$0] == nil }.sorted()
            let known = (themes.isEmpty ? "the theme declares no shortcodes (shortcodes/<name>.yml and .html)"
                : "the theme's shortcodes: " + themes.joined(separator: ", ")) + "; built in: " + builtins.joined(separator: ", ")
            diagnostics.error(
                "unknown shortcode '\(call.name)'" + Suggestion.didYouMean(call.name, in: themes + builtins),
                at: at, hint: known + "; write {{</* \(call.name) */>}} to show the call as it is")
            return nil
        }
        switch (shortcode.content, call.isPaired) {
        case (.none, true):
            diagnostics.error("shortcode '\(call.name)' takes no content, but {{< /\(call.name) >}} closes it", at: at,
                              hint: "remove {{< /\(call.name) >}}")
            return nil
        case (.required, false):
            diagnostics.error("shortcode '\(call.name)' wraps content: close it with {{< /\(call.name) >}}", at: at,
                              hint: "{{< \(call.name) >}}Markdown here{{< /\(call.name) >}}")
            return nil
        default: break
        }
        let errorsBefore = diagnostics.errorCount
        let arguments = typedArguments(call, positional: shortcode.positional, arguments: shortcode.arguments, in: item, at: at,
                                       diagnostics: &diagnostics)
        guard diagnostics.errorCount == errorsBefore else { return nil }
        warnOfMissingAlt(call, of: shortcode, arguments: arguments, at: at, diagnostics: &diagnostics)
        var context: [String: MustacheValue] = [
            "inner": call.isPaired ? .html(Self.innerMark) : .null,
            "site": .object([
                "title": .string(site.title), "url": .string(site.url.href(.root)), "base_url": .string(site.url.absolute(.root)),
                "base_path": .string(site.url.basePath), "language": .string(site.language),
            ]),
            // A shortcode speaks the language of the item whose body calls it.
            "t": .custom(ThemeText(table: item.language == site.language ? text : catalog.table(for: item.language))),
        ]
        for spec in shortcode.arguments.fields {
            context[spec.name] = arguments[spec.name].map {
                value($0.value, type: spec.type, labels: spec.valueLabels, links: links, language: item.language)
            } ?? .null
        }
        let html: String
        do throws(MustacheError) {
            html = try shortcode.template.render(.object(context), library: library)
        } catch {
            diagnostics.append(error.diagnostic)
            return nil
        }
        // The line breaks around a template's lines and its `{{{inner}}}` are the page's: not doubled.
        func trimmed(_ text: Substring, leading: Bool = false) -> String {
            var text = text
            while text.last == "\n" { text = text.dropLast() }
            while leading, text.first == "\n" { text = text.dropFirst() }
            return String(text)
        }
        guard call.isPaired else { return .html(trimmed(html[...])) }
        guard let mark = html.range(of: Self.innerMark) else { return .wrap(before: trimmed(html[...]), after: "") }
        return .wrap(before: trimmed(html[..<mark.lowerBound]), after: trimmed(html[mark.upperBound...], leading: true))
    }

    // MARK: - Private

    /// A shortcode Cellar draws itself: typed like a theme's, drawn by its Swift code.
    private func drawBuiltin(_ builtin: any BuiltinShortcode, _ call: ShortcodeCall, in item: ContentItem, at: SourceLocation,
                             diagnostics: inout DiagnosticBag, reads: inout [String: UInt64],
                             include: BuiltinShortcodeContext.Include?) -> ShortcodeOutput? {
        if call.isPaired {
            diagnostics.error("shortcode '\(call.name)' takes no content, but {{< /\(call.name) >}} closes it", at: at,
                              hint: "remove {{< /\(call.name) >}}")
            return nil
        }
        let errorsBefore = diagnostics.errorCount
        let arguments = typedArguments(call, positional: builtin.positional, arguments: builtin.arguments, in: item, at: at,
                                       diagnostics: &diagnostics)
        guard diagnostics.errorCount == errorsBefore else { return nil }
        var read: [String: UInt64] = [:]
        let contentRoot = self.contentRoot, displayRoot = contentDisplayRoot, files = self.files
        let context = BuiltinShortcodeContext(
            location: at, id: "\(item.anchor)-\(call.name)-\(call.line)-\(call.column)",
            read: { path, diagnostics in
                do throws(Diagnostic) {
                    let text = try SourceLoader.text(at: Paths.join(contentRoot, path), display: displayRoot + "/" + path)
                    read[path] = StableHash.of(text)
                    return text
                } catch {
                    read[path] = 0
                    diagnostics.append(error)
                    return nil
                }
            },
            display: { displayRoot + "/" + $0 },
            exists: { files.contains($0) },
            list: { folder in
                let listed = files.markdownFiles(in: folder)
                read[folder + "/"] = Self.listingHash(listed)
                return listed
            },
            anchor: { [style = site.markdown.anchorStyle] in style.slug($0) },
            directory: origin?.directory ?? item.directory,
            include: include)
        let html = builtin.draw(arguments, context: context, diagnostics: &diagnostics)
        reads.merge(read) { $1 }
        return html.map { .html($0) }
    }

    /// The hash of a file of `content/` as a built-in shortcode reads it (0 when it cannot be read):
    /// a body drawn from it is drawn again when this changes.
    /// A key ending in `/` is a folder a shortcode listed: the hash of its Markdown files' paths.
    func hashOfRead(_ contentPath: String) -> UInt64 {
        if contentPath.hasSuffix("/") { return Self.listingHash(files.markdownFiles(in: String(contentPath.dropLast()))) }
        return (try? SourceLoader.text(at: Paths.join(contentRoot, contentPath), display: contentPath)).map(StableHash.of) ?? 0
    }

    private static func listingHash(_ paths: [String]) -> UInt64 {
        var hash = StableHash()
        for path in paths { hash.combine(path) }
        return hash.value
    }

    private func location(_ line: Int, _ column: Int, in item: ContentItem) -> SourceLocation {
        if let origin { return SourceLocation(file: origin.file, line: origin.firstLine + line - 1, column: column) }
        return SourceLocation(file: item.file, line: item.bodyFirstLine + line - 1, column: column)
    }

    /// An image argument whose alt argument (`alt:` in the declaration) is not given: drawn with
    /// `alt=""`, and a warning, as a Markdown image without alt text gets. `alt=""` written out
    /// marks decoration and passes.
    private func warnOfMissingAlt(_ call: ShortcodeCall, of shortcode: Shortcode, arguments: [String: TypedField], at: SourceLocation,
                                  diagnostics: inout DiagnosticBag) {
        for spec in shortcode.arguments.fields {
            guard let alt = spec.altField, arguments[spec.name] != nil,
                  !call.arguments.contains(where: { $0.name == alt }) else { continue }
            let src = call.arguments.first { $0.name == spec.name }?.value
                ?? shortcode.positional.firstIndex(of: spec.name).flatMap { index in
                    call.arguments.filter { $0.name == nil }.dropFirst(index).first?.value
                } ?? ""
            diagnostics.warning("shortcode '\(call.name)' shows the image '\(src)' without alt text", at: at,
                                hint: "describe it: \(alt)=\"what it shows\"; write \(alt)=\"\" only when the image is decoration")
        }
    }

    /// The call's arguments typed like front matter: positional ones named by the declaration,
    /// quoted values read by their field's type (`width="640"` is the number 640).
    private func typedArguments(_ call: ShortcodeCall, positional: [String], arguments schema: Schema, in item: ContentItem,
                                at: SourceLocation, diagnostics: inout DiagnosticBag) -> [String: TypedField] {
        var pairs: [LocatedNode.Pair] = []
        var next = 0
        for argument in call.arguments {
            let valueAt = location(argument.line, argument.column, in: item)
            let name: String
            if let written = argument.name {
                name = written
            } else {
                guard next < positional.count else {
                    diagnostics.error(
                        "shortcode '\(call.name)' takes \(positional.isEmpty ? "no arguments" : "\(positional.count) argument\(positional.count == 1 ? "" : "s")") without a name; '\(argument.value)' is one too many",
                        at: valueAt, hint: "name it: " + (schema.names.first.map { "\($0)=\"\(argument.value)\"" } ?? "name=\"value\""))
                    continue
                }
                name = positional[next]
                next += 1
            }
            if pairs.contains(where: { $0.key.scalar == name }) {
                diagnostics.error("argument '\(name)' is given twice", at: location(argument.nameLine, argument.nameColumn, in: item))
                continue
            }
            let textual = schema[name]?.type.isTextual ?? true
            pairs.append(LocatedNode.Pair(
                key: LocatedNode(.scalar(name, style: .plain), at: location(argument.nameLine, argument.nameColumn, in: item)),
                value: LocatedNode(.scalar(argument.value, style: argument.quoted && textual ? .doubleQuoted : .plain), at: valueAt)))
        }
        let typer = FieldTyper(context: TypingContext(
            owner: "shortcode '\(call.name)'", noun: "argument", timeZone: site.timeZone,
            markdown: MarkdownRenderer(options: site.markdown), contentFiles: files, directory: item.directory,
            contentDisplayRoot: contentDisplayRoot))
        return typer.typeRecord(LocatedNode(.mapping(pairs), at: at), schema: schema, start: at,
                                diagnostics: &diagnostics)
    }

    /// A typed argument as the template sees it, like a field of an item (files resolved with `links`).
    private func value(_ value: FieldValue, type: FieldType?, labels: [String: String], links: LinkResolver,
                       language: String) -> MustacheValue {
        let site = self.site
        return FieldTemplateValues(dates: dates, url: site.url) { reference in
            reference.remoteURL ?? reference.contentPath.flatMap { links.outputURL(ofFile: $0) }.map(site.url.href)
        }.value(value, type: type, labels: labels, language: language)
    }
}

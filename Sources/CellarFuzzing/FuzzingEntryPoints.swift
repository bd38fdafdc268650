import CellarDiagnostics
import CellarEngine
import CellarMarkdown
import CellarMustache
import CellarYAML
import Foundation

/// Entry points for the fuzz harnesses (`Sources/Fuzz*`) and the tests that replay what they found:
/// each takes arbitrary bytes and must return — never crash, hang or exhaust memory.
package enum FuzzingEntryPoints {
    /// A kind with a field of every type, so typing meets them all.
    static let schema: Schema = {
        var diagnostics = DiagnosticBag()
        let yaml = """
            text: string?
            inline: text?
            block: markdown?
            count: {type: int, min: -5, max: 500, required: false}
            ratio: {type: number, min: 0, max: 1, required: false}
            flag: bool?
            day: {type: date, min: 2000-01-01, required: false}
            link: url?
            picture: image?
            file: path?
            choice: {type: enum, values: [a, b, c], required: false}
            list: {type: "[int]", max_items: 5, required: false}
            nested: {type: object, required: false, fields: {inner: string?, deep: "[string]?"}}
            """
        let node = (try? YAMLParser().parse(yaml, file: "<fuzz schema>")) ?? nil
        let own = node.map { SchemaParser(file: "<fuzz schema>").parseFields($0, diagnostics: &diagnostics) } ?? Schema(fields: [])
        return own.merged(after: BuiltinSchemas.common)
    }()

    /// Bytes → text checks → front-matter split → YAML → typed values against ``schema``.
    /// - Returns: the number of diagnostics (so the work cannot be optimised away).
    @discardableResult
    package static func frontMatter(_ bytes: [UInt8]) -> Int {
        var diagnostics = DiagnosticBag()
        do throws(Diagnostic) {
            let (parts, node) = try FrontMatterSplitter.read(bytes, file: "fuzz.md")
            let typer = FieldTyper(context: TypingContext(
                owner: "kind 'fuzz'", timeZone: TimeZone(identifier: "UTC") ?? .current, markdown: MarkdownRenderer(),
                contentFiles: ContentFileSet(["images/a.png", "docs/b.pdf"]), directory: "posts",
                contentDisplayRoot: "content"))
            let fields = typer.typeRecord(node, schema: schema, start: SourceLocation(file: "fuzz.md"),
                                          diagnostics: &diagnostics)
            _ = Slug.make(fields["title"]?.value.string ?? parts.body.prefix(64).description)
            if let pattern = fields["text"]?.value.string {
                _ = try? PermalinkPattern(pattern, at: nil)
            }
        } catch {
            diagnostics.append(error)
        }
        return diagnostics.diagnostics.count + diagnostics.sorted.count
    }

    /// Bytes → Markdown body rendering (with a rewrite of every reference) and inline rendering.
    @discardableResult
    package static func markdown(_ bytes: [UInt8]) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        let safe = MarkdownRenderer(options: [.smartPunctuation])
        let document = safe.render(text) { reference in
            reference.destination.hasPrefix("/") ? "/base" + reference.destination : nil
        }
        let unsafe = MarkdownRenderer(options: [.smartPunctuation, .allowRawHTML]).render(text)
        let inline = safe.renderInline(text)
        _ = BodyRenderer.clip(document.firstParagraph, to: 280)
        return document.html.utf8.count + unsafe.html.utf8.count + inline.utf8.count + document.headingIDs.count
    }

    /// A template, parsed and rendered — also as a partial of itself, beside a parent with blocks —
    /// against a context of every value type, with both missing-partial policies.
    @discardableResult
    package static func mustache(_ bytes: [UInt8]) -> Int {
        let source = String(decoding: bytes, as: UTF8.self)
        let loader = DictionaryLoader([
            "self": source,
            "base": "<b>{{$title}}default{{/title}}</b>{{$body}}{{/body}}{{>self}}",
            "item": "{{title}}{{#tags}}{{.}}{{/tags}}",
        ])
        let context: MustacheValue = [
            "title": "<Title & \"quotes\">", "count": 3, "ratio": 0.5, "flag": true, "none": nil,
            "html": .html("<em>safe</em>"), "tags": ["a", "b", "c"], "empty": [],
            "nested": ["title": "inner", "list": [["title": "x"], ["title": "y"]]], "name": "item",
        ]
        // A smaller render budget than the default, so that templates that multiply their work fail
        // within the fuzzer's time per input (the limits are the same code either way).
        let limits = MustacheLimits(maxRenderSteps: 20_000, maxOutputBytes: 1 << 20)
        var total = 0
        for policy in [MustacheLibrary.MissingPartialPolicy.error, .renderEmpty] {
            let library = MustacheLibrary(loader: loader, missingPartials: policy, limits: limits)
            if let template = try? MustacheTemplate(source: source, name: "fuzz", limits: limits) {
                var output = ""
                try? template.render(context, library: library, into: &output)
                total += output.utf8.count
            }
            total += (try? library.render("self", context))?.utf8.count ?? 0
        }
        return total
    }

    /// Builds a one-file site whose single item is `bytes`, with a small theme, in a temporary folder.
    /// The site is `<temporary>/site`: the build may write nothing beside it (checked after each build).
    /// - Returns: the number of diagnostics, or -1 when the build succeeded.
    @discardableResult
    package static func site(_ bytes: [UInt8]) async -> Int {
        let sandbox = NSTemporaryDirectory() + "cellar-fuzz-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let root = sandbox + "/site"
        let files = FileManager.default
        defer {
            let beside = ((try? files.contentsOfDirectory(atPath: sandbox)) ?? []).filter { $0 != "site" }
            try? files.removeItem(atPath: sandbox)
            precondition(beside.isEmpty, "the build wrote outside its site folder: \(beside)")
        }
        let site: [String: String] = [
            "content/_index.md": "---\ntitle: Fuzz\nbase_url: https://example.org/sub/\n---\nHome.\n",
            "content/posts/_index.md": "---\ntitle: Posts\nkind: post\npaginate: 2\n---\n",
            "content/posts/other.md": "---\ntitle: Other\ndate: 2020-01-01\ntags: [a, b]\n---\nOther [link](fuzz.md).\n",
            "content/images/a.png": "png",
            "themes/default/kinds/post.yml": "label: Post\nfields:\n  picture: image?\n  rating: {type: int, min: 0, max: 10, required: false}\n",
            "themes/default/cells/post.html": "<li id=\"{{anchor}}\"><a href=\"{{url}}\">{{title}}</a> {{summary}} {{#tags}}{{name}}{{/tags}}</li>",
            "themes/default/layouts/home.html": "{{#page.sections}}<h2>{{title}}</h2>{{{cells}}}{{/page.sections}}",
            "themes/default/layouts/list.html": "<h1>{{page.title}}</h1>{{#page.sections}}{{{cells}}}{{/page.sections}}",
            "themes/default/layouts/item.html": "{{#item}}<h1>{{title}}</h1>{{{content}}}{{/item}}{{#next}}{{url}}{{/next}}",
            "themes/default/layouts/taxonomy.html": "{{#page.tags}}{{name}}{{count}}{{/page.tags}}",
            "themes/default/layouts/404.html": "gone",
        ]
        do {
            for (path, data) in site.mapValues({ Data($0.utf8) }).merging(["content/posts/fuzz.md": Data(bytes)], uniquingKeysWith: { $1 }) {
                let file = URL(fileURLWithPath: root + "/" + path)
                try files.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file)
            }
        } catch {
            return 0
        }
        do throws(BuildFailure) {
            _ = try await SiteBuilder(options: BuildOptions(siteDirectory: root, includeDrafts: true, includeFuture: true)).build()
            return -1
        } catch {
            return error.diagnostics.diagnostics.count
        }
    }
}

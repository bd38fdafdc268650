@testable import CellarMustache
import Testing

/// `{{>name}}`, and the library that compiles each template once.
@Suite struct PartialTests {
    @Test func partialsRenderInTheCurrentContext() {
        expectRender("{{#user}}{{>card}}{{/user}}", ["user": ["name": "Ann"]], partials: ["card": "<b>{{name}}</b>"],
                     "<b>Ann</b>")
    }

    @Test func partialsNest() {
        expectRender("{{>outer}}", ["a": 1], partials: ["outer": "[{{>inner}}]", "inner": "({{a}})"], "[(1)]")
    }

    @Test func partialsMayRecurseOverData() {
        let tree: MustacheValue = ["name": "root", "kids": [["name": "a", "kids": [["name": "a1", "kids": []]]], ["name": "b", "kids": []]]]
        expectRender("{{>node}}", tree, partials: ["node": "{{name}}({{#kids}}{{>node}}{{/kids}})"], "root(a(a1())b())")
    }

    @Test func standalonePartialsIndentEveryLine() {
        expectRender("<ul>\n  {{>items}}\n</ul>\n", ["items": ["a", "b"]],
                     partials: ["items": "{{#items}}\n<li>{{.}}</li>\n{{/items}}\n"],
                     "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test func indentationNests() {
        expectRender("{{>a}}\n", partials: ["a": "A\n  {{>b}}\n", "b": "B1\nB2\n"], "A\n  B1\n  B2\n")
        expectRender("  {{>a}}\n", partials: ["a": "A\n  {{>b}}\n", "b": "B1\nB2\n"], "  A\n    B1\n    B2\n")
    }

    @Test func interpolatedTextIsNotIndented() {
        expectRender("  {{>p}}\n", ["x": "1\n2"], partials: ["p": "<{{x}}>\n"], "  <1\n2>\n")
    }

    @Test func inlinePartialsAreNotIndented() {
        expectRender("  x {{>p}}\n", partials: ["p": "a\nb\n"], "  x a\nb\n\n")
    }

    @Test func delimitersDoNotLeakIntoOrOutOfPartials() {
        expectRender("{{=<% %>=}}<%>p%><% x %>", ["x": 1], partials: ["p": "{{x}}{{=[ ]=}}[x]"], "111")
    }

    @Test func missingPartialsRenderEmptyWhenAsked() {
        expectRender("[{{>nope}}]", missing: .renderEmpty, "[]")
    }

    @Test func libraryCompilesEachTemplateOnce() throws {
        let loader = CountingLoader(["page": "{{>header}}{{>header}}{{#x}}{{>footer}}{{/x}}", "header": "H", "footer": "F"])
        let library = MustacheLibrary(loader: loader)
        for _ in 0..<3 {
            #expect(try library.render("page", ["x": true]) == "HHF")
        }
        #expect(try library.template(named: "header").render([:]) == "H")
        #expect(loader.loads(of: "page") == 1)
        #expect(loader.loads(of: "header") == 1)
        #expect(loader.loads(of: "footer") == 1)
    }

    @Test func libraryLoadsStaticPartialsWithTheTemplate() throws {
        let loader = CountingLoader(["page": "{{#never}}{{>rare}}{{/never}}", "rare": "R"])
        let library = MustacheLibrary(loader: loader)
        _ = try library.template(named: "page")
        #expect(loader.loads(of: "rare") == 1)
    }

    @Test func templatesUseTheLoadersPathAsTheirName() throws {
        let library = MustacheLibrary(loader: CountingLoader(["cell": "x"]))
        #expect(try library.template(named: "cell").name == "templates/cell.html")
    }

    @Test func libraryCachesMissingTemplates() throws {
        let loader = CountingLoader([:])
        let library = MustacheLibrary(loader: loader, missingPartials: .renderEmpty)
        for _ in 0..<3 {
            #expect(try MustacheTemplate(source: "[{{>*name}}]", name: "t").render(["name": "ghost"], library: library) == "[]")
        }
        #expect(loader.loads(of: "ghost") == 1)
    }

    @Test func libraryCachesTemplatesThatFailToCompile() {
        let loader = CountingLoader(["bad": "{{#open}}"])
        let library = MustacheLibrary(loader: loader)
        for _ in 0..<2 {
            let error = mustacheError { () throws(MustacheError) in _ = try library.template(named: "bad") }
            #expect(error?.reason == .unclosedSection("open"))
        }
        #expect(loader.loads(of: "bad") == 1)
    }

    @Test func dictionaryLoaderUsesNamesAsPaths() {
        let loader = DictionaryLoader(["a": "A"])
        #expect(loader.loadTemplate(named: "a")?.source == "A")
        #expect(loader.loadTemplate(named: "a")?.path == "a")
        #expect(loader.loadTemplate(named: "b") == nil)
        #expect(loader.searchedLocations(for: "b") == [])
    }
}

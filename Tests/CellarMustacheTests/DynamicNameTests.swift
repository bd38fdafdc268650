import CellarMustache
import Testing

/// `{{>*name}}` and `{{<*name}}`: partials chosen by the data (Cellar's cell per kind).
@Suite struct DynamicNameTests {
    static let cells = ["review": "<review>{{title}}</review>", "quote": "<q>{{text}}</q>"]

    @Test func eachItemPicksItsCell() {
        let items: MustacheValue = ["items": [["kind": "review", "title": "Dune"], ["kind": "quote", "text": "Hi"]]]
        expectRender("{{#items}}{{>*kind}}{{/items}}", items, partials: Self.cells, "<review>Dune</review><q>Hi</q>")
    }

    @Test func dottedDynamicNames() {
        expectRender("{{>*item.kind}}", ["item": ["kind": "quote"], "text": "T"], partials: Self.cells, "<q>T</q>")
    }

    @Test func theNameResolvesAsAnInterpolationWould() {
        expectRender("{{>*n}}", ["n": 7], partials: ["7": "seven"], "seven")
    }

    @Test func missingNamesRenderNothing() {
        expectRender("[{{>*nothing}}][{{>*list}}]", ["list": [1]], partials: Self.cells, "[][]")
    }

    @Test func unknownDynamicPartialIsAnErrorAtTheTag() {
        let error = mustacheError { () throws(MustacheError) in _ = try render("a\n  {{>*kind}}", ["kind": "poem"], partials: Self.cells) }
        #expect(error?.description == "test:2:3: error: unknown partial 'poem'\n  hint: check the name, and that the library's loader has it")
    }

    @Test func unknownDynamicPartialRendersEmptyWhenAsked() {
        expectRender("[{{>*kind}}]", ["kind": "poem"], partials: Self.cells, missing: .renderEmpty, "[]")
    }

    @Test func standaloneDynamicPartialsAreIndented() {
        expectRender("<div>\n  {{>*kind}}\n</div>", ["kind": "two"], partials: ["two": "a\nb\n"], "<div>\n  a\n  b\n</div>")
    }
}

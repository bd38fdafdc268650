import CellarMustache
import Testing

/// `{{<parent}}…{{/parent}}` and `{{$block}}…{{/block}}`: Cellar's layouts.
@Suite struct InheritanceTests {
    static let base = """
        <html>
          <head><title>{{$title}}Cellar{{/title}}</title></head>
          <body>
            {{$content}}
            <p>Nothing here yet.</p>
            {{/content}}
          </body>
        </html>

        """

    @Test func blocksRenderTheirDefaultsWithoutAParent() {
        expectRender(Self.base, [:], "<html>\n  <head><title>Cellar</title></head>\n  <body>\n    <p>Nothing here yet.</p>\n  </body>\n</html>\n")
    }

    @Test func childrenOverrideBlocksAndKeepTheLayoutsIndentation() {
        let child = """
            {{<base}}
            {{$title}}Dune{{/title}}
            {{$content}}
            <h1>{{name}}</h1>
            <p>A review.</p>
            {{/content}}
            {{/base}}

            """
        expectRender(child, ["name": "Dune"], partials: ["base": Self.base],
                     "<html>\n  <head><title>Dune</title></head>\n  <body>\n    <h1>Dune</h1>\n    <p>A review.</p>\n  </body>\n</html>\n")
    }

    @Test func blocksNotOverriddenKeepTheirDefaults() {
        expectRender("{{<base}}{{$title}}T{{/title}}{{/base}}", partials: ["base": "{{$title}}-{{/title}}|{{$other}}default{{/other}}"],
                     "T|default")
    }

    @Test func theOutermostOverrideWins() {
        let partials = ["page": "{{<base}}{{$x}}page{{/x}}{{/base}}", "base": "<{{$x}}base{{/x}}>"]
        expectRender("{{<page}}{{$x}}child{{/x}}{{/page}}", partials: partials, "<child>")
        expectRender("{{<page}}{{/page}}", partials: partials, "<page>")
    }

    @Test func overridesRenderInTheParentsContext() {
        expectRender("{{<list}}{{$item}}<li>{{.}}</li>{{/item}}{{/list}}", ["items": [1, 2]],
                     partials: ["list": "{{#items}}{{$item}}{{.}}{{/item}}{{/items}}"], "<li>1</li><li>2</li>")
    }

    @Test func textInsideAParentTagIsIgnored() {
        expectRender("{{<p}} ignored {{x}} {{#s}}also{{/s}} {{$b}}kept{{/b}}{{/p}}", ["x": 1, "s": true],
                     partials: ["p": "[{{$b}}{{/b}}]"], "[kept]")
    }

    @Test func parentsWorkLikePartialsWithoutArguments() {
        expectRender("{{>p}}|{{<p}}{{/p}}", partials: ["p": "{{$b}}default{{/b}}"], "default|default")
    }

    @Test func standaloneParentIndentsItsLines() {
        expectRender("<main>\n  {{<card}}{{/card}}\n</main>\n", partials: ["card": "<div>\n  x\n</div>\n"],
                     "<main>\n  <div>\n    x\n  </div>\n</main>\n")
    }

    @Test func blockArgumentsAreReindentedToTheSlot() {
        let layout = "<body>\n    {{$main}}\n    {{/main}}\n</body>\n"
        let page = "{{<layout}}\n{{$main}}\n<p>a</p>\n<p>b</p>\n{{/main}}\n{{/layout}}\n"
        expectRender(page, partials: ["layout": layout], "<body>\n    <p>a</p>\n    <p>b</p>\n</body>\n")
    }

    @Test func inlineBlocksKeepTheirLine() {
        expectRender("{{<p}}{{$b}}X{{/b}}{{/p}}", partials: ["p": "a {{$b}}{{/b}} c\n"], "a X c\n")
    }

    @Test func aCellarListLayout() {
        let partials = [
            "base": """
                <!doctype html>
                <html>
                <head>
                  <title>{{$title}}{{site.title}}{{/title}}</title>
                </head>
                <body>
                  {{>header}}
                  <main>
                    {{$main}}
                    {{/main}}
                  </main>
                </body>
                </html>

                """,
            "header": "<header>{{site.title}}</header>\n",
        ]
        let list = """
            {{<base}}
            {{$title}}{{section.title}} – {{site.title}}{{/title}}
            {{$main}}
            <h1>{{section.title}}</h1>
            {{#cells}}
            {{{.}}}
            {{/cells}}
            {{/main}}
            {{/base}}

            """
        let data: MustacheValue = [
            "site": ["title": "Cellar"], "section": ["title": "Reviews"],
            "cells": [.html("<article>1</article>"), .html("<article>2</article>")],
        ]
        expectRender(list, data, partials: partials, """
            <!doctype html>
            <html>
            <head>
              <title>Reviews – Cellar</title>
            </head>
            <body>
              <header>Cellar</header>
              <main>
                <h1>Reviews</h1>
                <article>1</article>
                <article>2</article>
              </main>
            </body>
            </html>

            """)
    }

    @Test func dynamicParentNames() {
        expectRender("{{<*layout}}{{$b}}X{{/b}}{{/*layout}}", ["layout": "wide"], partials: ["wide": "<{{$b}}{{/b}}>"], "<X>")
    }

    @Test func aParentMayReachItselfThroughABlock() {
        // The spec's "Recursion" case: the loop is broken by an override, so it is allowed.
        let partials = [
            "parent": "{{$foo}}default content{{/foo}} {{$bar}}{{<parent2}}{{/parent2}}{{/bar}}",
            "parent2": "{{$foo}}parent2 default content{{/foo}} {{<parent}}{{$bar}}don't recurse{{/bar}}{{/parent}}",
        ]
        expectRender("{{<parent}}{{$foo}}override{{/foo}}{{/parent}}", partials: partials, "override override override don't recurse")
    }
}

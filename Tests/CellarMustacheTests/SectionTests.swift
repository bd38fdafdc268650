import CellarMustache
import Testing

/// `{{#x}}`, `{{^x}}`: truthiness, lists, and the context stack.
@Suite struct SectionTests {
    @Test(arguments: [
        (MustacheValue.bool(true), true),
        (.bool(false), false),
        (.null, false),
        (.list([]), false),
        (.list([1]), true),
        (.string(""), true),
        (.string("text"), true),
        (.int(0), true),
        (.double(0), true),
        (.object([:]), true),
        (.html(""), true),
    ])
    func truthiness(_ value: MustacheValue, _ isTruthy: Bool) {
        expectRender("{{#x}}yes{{/x}}{{^x}}no{{/x}}", ["x": value], isTruthy ? "yes" : "no")
    }

    @Test func missingNamesAreFalsy() {
        expectRender("{{#x}}yes{{/x}}{{^x}}no{{/x}}", [:], "no")
    }

    @Test func listsRepeatTheirSection() {
        expectRender("{{#items}}<li>{{name}}</li>{{/items}}", ["items": [["name": "a"], ["name": "b"], ["name": "c"]]],
                     "<li>a</li><li>b</li><li>c</li>")
    }

    @Test func listsOfScalarsUseTheImplicitIterator() {
        expectRender("{{#tags}}[{{.}}]{{/tags}}", ["tags": ["sf", 1, 2.5, true]], "[sf][1][2.5][true]")
    }

    @Test func nestedListsIterate() {
        expectRender("{{#rows}}({{#.}}{{.}}{{/.}}){{/rows}}", ["rows": [[1, 2], [3]]], "(12)(3)")
    }

    @Test func objectsArePushedOnTheStack() {
        expectRender("{{#author}}{{name}} of {{site}}{{/author}}", ["site": "Cellar", "author": ["name": "Ann"]],
                     "Ann of Cellar")
    }

    @Test func innerNamesShadowOuterOnes() {
        expectRender("{{name}} {{#child}}{{name}}{{/child}} {{name}}", ["name": "outer", "child": ["name": "inner"]],
                     "outer inner outer")
    }

    @Test func deeplyNestedContextsSeeEveryLevel() {
        let data: MustacheValue = ["a": ["one": 1], "b": ["two": 2], "c": ["three": 3]]
        expectRender("{{#a}}{{#b}}{{#c}}{{one}}{{two}}{{three}}{{/c}}{{/b}}{{/a}}", data, "123")
    }

    @Test func truthyScalarsArePushedToo() {
        expectRender("{{#title}}<h1>{{.}}</h1>{{/title}}", ["title": "Dune"], "<h1>Dune</h1>")
    }

    @Test func dottedSectionNames() {
        expectRender("{{#a.b}}yes{{/a.b}}{{^a.c}}no{{/a.c}}", ["a": ["b": true]], "yesno")
    }

    @Test func invertedSectionsDoNotPushAnything() {
        expectRender("{{^items}}{{.}}{{/items}}", ["items": []], "")
    }

    @Test func standaloneSectionLinesAreRemoved() {
        expectRender("<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n", ["items": [1, 2]],
                     "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>\n")
    }

    @Test func inlineSectionsKeepTheirLine() {
        expectRender(" {{#t}}yes{{/t}} \n", ["t": true], " yes \n")
    }

    @Test func commentsAndDelimiterChangesInsideSections() {
        expectRender("{{#list}}{{! note }}{{=| |=}}|.||={{ }}=|{{/list}}", ["list": [1, 2]], "12")
    }
}

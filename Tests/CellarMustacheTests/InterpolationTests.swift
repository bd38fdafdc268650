import CellarMustache
import Testing

/// `{{x}}`, `{{{x}}}`, `{{& x}}`: what each value prints, and escaping.
@Suite struct InterpolationTests {
    @Test(arguments: [
        (MustacheValue.string("Dune"), "Dune"),
        (.int(42), "42"),
        (.int(-7), "-7"),
        (.int(0), "0"),
        (.int(Int.min), "-9223372036854775808"),
        (.double(1.21), "1.21"),
        (.double(3.0), "3"),
        (.double(-0.5), "-0.5"),
        (.double(1e20), "1e+20"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.null, ""),
        (.list(["a", "b"]), ""),
        (.object(["a": 1]), ""),
        (.html("<b>bold</b>"), "<b>bold</b>"),
    ])
    func valuesPrint(_ value: MustacheValue, _ expected: String) {
        expectRender("{{x}}", ["x": value], expected)
    }

    @Test func escapesTheFiveHTMLSpecialCharacters() {
        expectRender("{{x}}", ["x": #"<a href="x">Tom & Jerry's</a>"#],
                     "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }

    @Test func tripleMustacheAndAmpersandDoNotEscape() {
        expectRender("{{{x}}}|{{& x}}|{{&x}}", ["x": "<i>&</i>"], "<i>&</i>|<i>&</i>|<i>&</i>")
    }

    @Test func safeHTMLIsNeverEscaped() {
        expectRender("{{x}}{{{x}}}", ["x": .html("<p>&amp;</p>")], "<p>&amp;</p><p>&amp;</p>")
    }

    @Test func nonASCIITextSurvives() {
        expectRender("« {{x}} » — {{y}}", ["x": "naïve café", "y": "日本語 <>"], "« naïve café » — 日本語 &lt;&gt;")
    }

    @Test func missingNamesPrintNothing() {
        expectRender("[{{missing}}][{{{missing}}}][{{a.b.c}}]", ["a": ["b": 1]], "[][][]")
    }

    @Test func paddingInsideTagsIsIgnored() {
        expectRender("{{  x  }}|{{{ x }}}|{{&  x }}", ["x": "y"], "y|y|y")
    }

    @Test func dottedNamesWalkIntoObjects() {
        expectRender("{{a.b.c}}", ["a": ["b": ["c": "deep"]]], "deep")
    }

    @Test func dottedNamesResolveTheFirstPartOnTheStack() {
        // "b" exists in the inner context, so "b.c" does not fall back to the outer "b".
        expectRender("{{#a}}[{{b.c}}]{{/a}}", ["a": ["b": [:]], "b": ["c": "outer"]], "[]")
    }

    @Test func implicitIteratorPrintsTheTopOfTheStack() {
        expectRender("{{.}}", "top & bottom", "top &amp; bottom")
    }

    @Test func interpolatedValuesAreNotReparsed() {
        expectRender("{{x}}", ["x": "{{y}}", "y": "no"], "{{y}}")
    }

    @Test func renderAppendsToABuffer() throws {
        let template = try MustacheTemplate(source: "<{{x}}>", name: "t")
        var buffer = "start"
        try template.render(["x": 1], into: &buffer)
        try template.render(["x": 2], into: &buffer)
        #expect(buffer == "start<1><2>")
    }
}

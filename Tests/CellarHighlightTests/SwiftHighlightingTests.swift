import CellarHighlight
import Testing

@Suite struct SwiftHighlightingTests {
    @Test func keywordsTypesAndFunctions() {
        let html = highlighted("public struct Cell: View {\n    func render(_ item: Item) throws -> String { item.title }\n}\n", "swift")
        #expect(html.contains(span("keyword", "public") + " " + span("keyword", "struct") + " " + span("type", "Cell")))
        #expect(html.contains(span("keyword", "func") + " " + span("function", "render")))
        #expect(html.contains(span("keyword", "throws") + " " + span("symbol", "-&gt;") + " " + span("type", "String")))
        #expect(html.contains("item" + span("symbol", ".") + "title"), "a name that is not a keyword stays plain")
    }

    @Test func contextualKeywordsOnlyWhereTheyActAsKeywords() {
        let html = highlighted("lazy var cache = [weak self] in\nvar value: Int { get { 1 } set { } }\nlet lazy = get(set)\n", "swift")
        #expect(html.contains(span("keyword", "lazy") + " " + span("keyword", "var")))
        #expect(html.contains("[" + span("keyword", "weak") + " " + span("keyword", "self") + "]"))
        #expect(html.contains(span("keyword", "get") + " {"))
        #expect(html.contains(span("keyword", "set") + " {"))
        #expect(html.contains(span("keyword", "let") + " lazy " + span("symbol", "=") + " " + span("function", "get") + "(set)"),
                "as names, `lazy`, `get` and `set` are not keywords")
        #expect(highlighted("let x = try? load() as! Int\n", "swift").contains(span("keyword", "try?")))
        #expect(highlighted("func f() -> some View { any P.self }\n", "swift").contains(span("keyword", "some") + " " + span("type", "View")))
    }

    @Test func attributesAndCompilerDirectives() {
        let html = highlighted("@MainActor @available(macOS 15, *)\n#if DEBUG\nif #available(iOS 17, *) { _ = #selector(tap) }\n#endif\n", "swift")
        #expect(html.contains(span("attribute", "@MainActor") + " " + span("attribute", "@available") + "(macOS " + span("number", "15")))
        #expect(html.contains(span("preproc", "#if") + " " + span("type", "DEBUG")))
        #expect(html.contains(span("preproc", "#available")))
        #expect(html.contains(span("preproc", "#selector") + "(tap)"))
        #expect(html.contains(span("preproc", "#endif")))
    }

    @Test func stringsWithEscapesAndInterpolation() {
        let html = highlighted("let s = \"a \\(user.name(for: \"x\")) b\\n\\\"\"\n", "swift")
        #expect(html.contains(span("string", "&quot;a ") + span("interpolation", #"\("#) + "user.name(for: &quot;x&quot;)" + span("interpolation", ")")))
        #expect(html.contains(span("string", " b") + span("specialchar", #"\n\&quot;"#) + span("string", "&quot;")),
                "adjacent text of one element shares a span")
    }

    @Test func multiLineAndRawStrings() {
        let html = highlighted("let text = \"\"\"\n    a \"quote\" \\(x)\n    \"\"\"\nlet raw = #\"a \"b\" \\n \\#(x)\"#\nlet deep = ##\"a \"# b\"##\n", "swift")
        #expect(html.contains(span("string", "    a &quot;quote&quot; ") + span("interpolation", #"\("#)))
        #expect(html.contains(span("string", "    &quot;&quot;&quot;")))
        #expect(html.contains(span("string", #"#&quot;a &quot;b&quot; \n "#) + span("interpolation", ##"\#(x)"##) + span("string", "&quot;#")),
                "in a raw string, \\n is text and only \\#( interpolates")
        #expect(html.contains(span("string", "##&quot;a &quot;# b&quot;##")), "\"# does not end a ##\"…\"## string")
    }

    @Test func unclosedStringEndsWithItsLine() {
        let html = highlighted("let s = \"open\nlet next = 1\n", "swift")
        #expect(html.contains(span("keyword", "let") + " next"))
    }

    @Test func commentsNest() {
        let html = highlighted("/* outer /* inner */ still outer */ let x = 1 // end\n/// doc\n", "swift")
        #expect(html.contains(span("comment", "/* outer /* inner */ still outer */") + " " + span("keyword", "let")))
        #expect(html.contains(span("comment", "// end")))
        #expect(html.contains(span("comment", "/// doc")))
        let multiLine = highlighted("/* a\n/* b */\nc */ let y = 2\n", "swift")
        #expect(multiLine.contains(span("comment", "c */") + " " + span("keyword", "let")))
    }

    @Test(arguments: ["1_000_000", "0xFF_FF", "0b1010_1010", "0o755", "3.14e-2", "0x1p-3", "42"])
    func numbers(_ literal: String) {
        #expect(highlighted("let n = \(literal)\n", "swift").contains(span("number", literal)))
    }

    @Test func closureArgumentsAndEscapedNames() {
        let html = highlighted("items.map { $0.name }\nlet `class` = 1\n", "swift")
        #expect(html.contains(span("variable", "$0")))
        #expect(html.contains(span("keyword", "let") + " `class` "))
    }
}

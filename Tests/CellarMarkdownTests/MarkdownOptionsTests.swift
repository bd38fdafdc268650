import CellarMarkdown
import Testing

/// The extension names sites use, and the defaults.
@Suite struct MarkdownOptionsTests {
    @Test func extensionNamesAreGFMs() {
        #expect(MarkdownExtension.allCases.map(\.rawValue) == ["table", "strikethrough", "autolink", "tasklist", "footnotes"])
        #expect(MarkdownExtension(rawValue: "tables") == nil)
    }

    @Test func optionsConvertToAndFromExtensions() {
        let options = MarkdownOptions(extensions: [.footnotes, .table])
        #expect(options.extensions == [.table, .footnotes])
        #expect(MarkdownOptions.allExtensions.extensions == MarkdownExtension.allCases)
        #expect(options.isDisjoint(with: [.smartPunctuation, .allowRawHTML, .tagFilter, .scrollableTables, .labelledTaskItems]))
    }

    @Test func everythingIsOnByDefaultExceptRawHTML() {
        #expect(MarkdownOptions.default == [.smartPunctuation, .allExtensions, .tagFilter, .scrollableTables, .labelledTaskItems])
        #expect(MarkdownRenderer().options == .default)
    }

    @Test func inlineFieldsGetTheInlineExtensions() {
        #expect(MarkdownRenderer().renderInline("~~old~~ see www.example.org, [^1]")
                == "<del>old</del> see <a href=\"http://www.example.org\">www.example.org</a>, [^1]")
        #expect(MarkdownRenderer(options: [.smartPunctuation]).renderInline("~~old~~") == "~~old~~")
    }

    @Test func oneRendererServesManyThreads() async {
        let renderer = MarkdownRenderer()
        let source = "| a |\n| - |\n| ~~b~~ www.x.org[^1] |\n\n[^1]: n\n"
        let expected = renderer.render(source).html
        await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { renderer.render(source).html } }
            for await html in group { #expect(html == expected) }
        }
    }
}

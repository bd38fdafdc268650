import CellarHighlight
import Testing

@Suite struct LanguageCatalogTests {
    @Test(arguments: [
        ("sh", "sh"), ("bash", "sh"), ("shell", "sh"), ("console", "sh"), ("zsh", "zsh"),
        ("js", "javascript"), ("javascript", "javascript"), ("ts", "javascript"), ("typescript", "javascript"),
        ("py", "python"), ("python", "python"), ("rb", "ruby"), ("yml", "yaml"), ("yaml", "yaml"),
        ("objc", "cpp"), ("c++", "cpp"), ("cpp", "cpp"), ("rs", "rust"), ("md", "markdown"), ("html", "html"),
        ("json", "json"), ("toml", "toml"), ("swift", "swift"), ("Swift", "swift"), ("diff", "diff"), ("patch", "diff"),
        ("go", "go"), ("sql", "sql"), ("css", "css"), ("xml", "xml"), ("c", "c"), ("java", "java"),
    ])
    func aliases(_ name: String, _ language: String) {
        guard case let .known(found) = testHighlighter.lookUp(name) else {
            Issue.record("'\(name)' is not known")
            return
        }
        #expect(found.name == language)
    }

    @Test(arguments: ["", "  ", "text", "txt", "plain", "plaintext", "none", "TEXT"])
    func plainTextNames(_ name: String) {
        #expect(testHighlighter.lookUp(name) == .plainText)
        let block = testHighlighter.highlight("<b>\n", language: name)
        #expect(!block.isHighlighted)
        #expect(block.problems == [])
        #expect(block.html.contains("&lt;b&gt;"))
    }

    @Test func unknownLanguageSuggestsTheClosest() {
        #expect(testHighlighter.lookUp("swfit") == .unknown("swfit", suggestion: "swift"))
        #expect(testHighlighter.lookUp("pyhton") == .unknown("pyhton", suggestion: "python"))
        #expect(testHighlighter.lookUp("brainfuck-2000") == .unknown("brainfuck-2000", suggestion: nil))
        let block = testHighlighter.highlight("let <x>\n", language: "swfit")
        #expect(!block.isHighlighted)
        #expect(block.html == "<pre class=\"highlight\" data-lang=\"swfit\"><code>let &lt;x&gt;\n</code></pre>")
        #expect(block.problems == [HighlightProblem(
            .unknownLanguage, "unknown language 'swfit' for syntax highlighting; did you mean 'swift'?",
            hint: "the block is shown as plain code; write `text` after the fence for a block that needs no highlighting")])
    }

    @Test func everyLanguageOfTheSystemIsListedOnce() {
        let languages = testHighlighter.languages
        #expect(languages.count > 60, "Source-highlight ships about 80 definitions")
        #expect(Set(languages.map(\.definition)).count == languages.count)
        let names = languages.flatMap(\.names)
        #expect(Set(names).count == names.count, "a name selects one language")
        let swift = languages.first { $0.name == "swift" }
        #expect(swift?.origin == .cellar)
        #expect(languages.first { $0.name == "sh" }?.aliases.contains("bash") == true)
        #expect(languages.first { $0.name == "scala" }?.origin == .sourceHighlight, "names the table lacks come from lang.map")
    }
}

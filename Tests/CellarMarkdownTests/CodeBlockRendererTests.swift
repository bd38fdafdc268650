import CellarMarkdown
import Synchronization
import Testing

/// The hook a syntax highlighter plugs into.
@Suite struct CodeBlockRendererTests {
    @Test func everyCodeBlockIsOfferedWithItsInfoStringCodeAndLine() {
        let seen = Mutex<[MarkdownCodeBlock]>([])
        let renderer = MarkdownRenderer(options: .default) { block in
            seen.withLock { $0.append(block) }
            return block.language == "swift" ? "<pre class=\"hl\">\(block.code)</pre>" : nil
        }
        let source = """
            Intro.

            ```swift {linenos=true hl_lines=[2,"4-5"]}
            let x = 1
            ```

                indented

            - item

              ~~~ go
              fmt.Println()
              ~~~
            """
        let rendered = renderer.render(source).html
        #expect(seen.withLock { $0 } == [
            MarkdownCodeBlock(language: "swift", attributes: "{linenos=true hl_lines=[2,\"4-5\"]}", code: "let x = 1\n", line: 3),
            MarkdownCodeBlock(language: nil, attributes: "", code: "indented\n", line: 7),
            MarkdownCodeBlock(language: "go", attributes: "", code: "fmt.Println()\n", line: 11),
        ])
        #expect(rendered.contains("<pre class=\"hl\">let x = 1\n</pre>"))
        #expect(rendered.contains("<pre><code>indented\n</code></pre>"))
        #expect(rendered.contains("<pre><code class=\"language-go\">fmt.Println()\n</code></pre>"))
    }

    @Test func codeInFootnotesKeepsItsSourceLine() {
        let lines = Mutex<[Int]>([])
        let renderer = MarkdownRenderer { block in
            lines.withLock { $0.append(block.line) }
            return nil
        }
        _ = renderer.render("A[^1]\n\n[^1]: Note.\n\n        code\n")
        #expect(lines.withLock { $0 } == [5])
    }
}

import CellarMarkdown
import Testing

/// Random mixes of every extension's syntax (a fixed seed, so a failure replays): nothing may crash, hang,
/// or lose the balance of the tags Cellar writes itself.
@Suite struct GFMStressTests {
    private static let pieces = [
        "|", "| a ", "| --- ", ":-:", "--", "-", ":", "~", "~~", "[^a]", "[^b]", "[^a]:", "[^b]: ", "\n", "\n\n", "    ",
        "> ", "- ", "1. ", "* ", "`", "``", "*", "_", "**", "www.x.org", "http://a.b/(c)", "a@b.cd", "[ ] ", "[x] ", "\\",
        "\\|", "\\~", "\\[", "<!--more-->", "<div>", "</div>", "<script>", "```", "~~~", "\t", "é", "東京", "かな", "(", ")",
        "&amp;", ";", "# ", "## ", "\r\n", "[l](u.md)", "![i](p.png)", "[r]", "[r]: /ref", "<a href=\"x\">", "</a>", " ", "text",
        "’", "…", "===", "---", "***",
    ]

    /// A small linear congruential generator: the same documents on every run and platform.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: [MarkdownOptions.default, [.allExtensions, .allowRawHTML, .tagFilter], [.allExtensions]])
    func randomMixesRenderWholeDocuments(_ options: MarkdownOptions) {
        let renderer = MarkdownRenderer(options: options)
        var generator = Generator(state: 2_024)
        for _ in 0..<1_500 {
            let count = 1 + generator.next(60)
            let source = (0..<count).map { _ in Self.pieces[generator.next(Self.pieces.count)] }.joined()
            let document = renderer.render(source, footnoteIDPrefix: "p-")
            for (open, close) in [("<table>", "</table>"), ("<del>", "</del>"), ("<label>", "</label>"),
                                  ("<section class=\"footnotes\"", "</section>"), ("<div class=\"table-scroll\"", "</div>")] {
                let opened = document.html.components(separatedBy: open).count
                let closed = document.html.components(separatedBy: close).count
                if open.hasPrefix("<div") { continue }   // raw <div> in the mix may close it too
                #expect(opened == closed, "\(open) unbalanced for \(source.debugDescription)")
            }
            for problem in document.footnoteProblems {
                #expect(problem.line >= 1 && problem.column >= 1, "\(problem) for \(source.debugDescription)")
            }
            for reference in document.references {
                #expect(reference.line >= 1 && reference.column >= 1, "\(reference) for \(source.debugDescription)")
            }
        }
    }
}

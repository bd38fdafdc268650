import CellarMarkdown
import Testing

/// Heading ids as the generator a site came from made them (`markdown: {anchors: …}`), and ids
/// written on the heading, `## Install {#setup}`, as Goldmark and kramdown read them.
@Suite struct HeadingAnchorTests {
    private func ids(_ source: String, _ style: AnchorStyle) -> [String] {
        var options = MarkdownOptions.default
        options.anchorStyle = style
        return MarkdownRenderer(options: options).render(source).headingIDs
    }

    @Test(arguments: [
        ("## Contributors to 1.31.0", ["contributors-to-1310"], ["contributors-to-1310"], ["contributors-to-1310"]),
        ("## A - b\n## A - b", ["a-b", "a-b-1"], ["a---b", "a---b-1"], ["a---b", "a---b-1"]),
        ("## 3. Set *up* `x`!", ["3-set-up-x"], ["3-set-up-x"], ["set-up-x"]),
        ("## Café ü_v", ["café-ü_v"], ["café-ü_v"], ["caf-v"]),
        ("## ...", ["section"], ["heading"], ["section"]),
    ])
    func eachStyleMakesTheIdsItsGeneratorMade(_ source: String, _ cellar: [String], _ github: [String], _ kramdown: [String]) {
        #expect(ids(source, .cellar) == cellar)
        #expect(ids(source, .github) == github)
        #expect(ids(source, .kramdown) == kramdown)
    }

    @Test func anIdWrittenOnTheHeadingIsItsId() {
        let document = MarkdownRenderer().render("## Install it {#setup .wide}\n\nSetext {#v1-0}\n---\n\n## Keep {braces}\n")
        #expect(document.html == "<h2 id=\"setup\" class=\"wide\">\nInstall it\n</h2>\n<h2 id=\"v1-0\">\nSetext\n</h2>\n<h2 id=\"keep-braces\">\nKeep {braces}\n</h2>\n")
        #expect(document.headings.map(\.text) == ["Install it", "Setext", "Keep {braces}"])
        #expect(MarkdownRenderer().render("# `code` {: #k}\n").html == "<h1 id=\"k\">\n<code>code</code>\n</h1>\n")
    }

    @Test func theStyleIsPartOfTheOptions() {
        var options = MarkdownOptions.default
        #expect(options.anchorStyle == .cellar)
        options.anchorStyle = .kramdown
        options.anchorStyle = .github
        #expect(options.anchorStyle == .github)
        #expect(options.extensions == MarkdownOptions.default.extensions)
    }
}

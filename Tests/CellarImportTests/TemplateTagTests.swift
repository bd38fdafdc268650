@testable import CellarImport
import CellarDefaultTheme
import CellarTree
import Foundation
import Testing

/// Liquid and shortcodes in bodies: converted where Cellar has an equivalent, otherwise left
/// exactly where they were and reported at the line and column they start on.
@Suite struct TemplateTagTests {
    private func document(_ body: String, path: String = "_posts/2020-01-01-a.md", target: String = "posts/2020-01-01-a.md",
                          frontMatter: LocatedNode? = nil) -> SourceDocument {
        SourceDocument(role: .post, path: path, display: path, section: "posts", target: target, frontMatter: frontMatter,
                       body: body, bodyFirstLine: 4, fileSlug: "a")
    }

    private var references: ReferenceIndex {
        var index = ReferenceIndex()
        index.byPostName = ["2019-05-05-old-post": "posts/2019-05-05-old-post.md"]
        index.bySourcePath = ["about.md": "about.md", "files/My Report.pdf": "files/My Report.pdf"]
        index.byContentPath = ["posts/first": "posts/first.md", "posts/first.md": "posts/first.md", "posts/trip": "posts/trip/index.md",
                               "about": "about.md"]
        index.byName = ["first": ["posts/first.md"], "first.md": ["posts/first.md"]]
        index.files = ["posts/a.png", "files/My Report.pdf"]
        return index
    }

    // MARK: - Liquid

    @Test func postURLAndLinkBecomeLinksToTheContentFile() {
        let body = "[old]({% post_url 2019-05-05-old-post %}), [about]({%link about.md%}), [report]({% link files/My Report.pdf %})\n"
        let result = LiquidConverter(references: references).convert(document(body))
        #expect(result.body == "[old](/posts/2019-05-05-old-post.md), [about](/about.md), [report]({% link files/My Report.pdf %})\n")
        #expect(result.converted == 2 && result.left == 1)
    }

    @Test func highlightBecomesAFenceIndentedAsItWas() {
        let body = "Intro\n\n- item\n\n  {% highlight python %}\n  print(\"```\")\n  {% endhighlight %}\n"
        let result = LiquidConverter(references: references).convert(document(body))
        #expect(result.body == "Intro\n\n- item\n\n  ````python\n  print(\"```\")\n  ````\n")
    }

    /// A file saved with Windows line ends: the code keeps its first character, and no blank line
    /// is left before the closing fence ("\r\n" is one Character in Swift).
    @Test func highlightInAFileWithCRLFLineEndsKeepsItsCode() {
        let body = "{% highlight swift %}\r\nlet a = 1\r\n{% endhighlight %}\r\n"
        let result = LiquidConverter(references: references).convert(document(body))
        #expect(result.body == "```swift\nlet a = 1\n```\r\n")
    }

    @Test func rawKeepsItsTextAndCommentsBecomeHTMLComments() {
        let body = "{% raw %}{{ not.liquid }}{% endraw %} and {% comment %}hidden -- note{% endcomment %}\n"
        #expect(LiquidConverter(references: references).convert(document(body)).body == "{{ not.liquid }} and <!--hidden - - note-->\n")
    }

    @Test func pathHelpersAndSettingsAreWrittenOut() {
        let front = LocatedNode(.mapping([LocatedNode.Pair(key: LocatedNode(.scalar("version", style: .plain), at: .init(file: "x")),
                                                            value: LocatedNode(.scalar("2.1", style: .plain), at: .init(file: "x")))]),
                                at: .init(file: "x"))
        let body = "{{ site.baseurl }}/a/ {{ '/b.png' | relative_url }} {{ \"c\" | absolute_url }} {{ site.url }} {{ site.repo }} {{ page.version }}\n"
        let converter = LiquidConverter(references: references, siteURL: "https://example.org", siteValues: ["repo": "https://git.example.org/r"])
        #expect(converter.convert(document(body, frontMatter: front)).body
                == "/a/ /b.png /c https://example.org https://git.example.org/r 2.1\n")
    }

    @Test func otherTagsStayWhereTheyAreAndAreReportedAtTheirPlace() {
        let body = "Text {{ page.missing }} here.\n\n  {% include note.html %}\n{% if x %}y{% endif %}\n"
        let result = LiquidConverter(references: references).convert(document(body))
        #expect(result.body == body)
        #expect(result.notes.map(\.headline) == [
            "_posts/2020-01-01-a.md:4:6: problem: the Liquid output {{ page.missing }} is left as written",
            "_posts/2020-01-01-a.md:6:3: problem: the Liquid tag {% include note.html %} is left as written",
            "_posts/2020-01-01-a.md:7:1: problem: the Liquid tag {% if x %} is left as written",
            "_posts/2020-01-01-a.md:7:12: problem: the Liquid tag {% endif %} is left as written",
        ])
    }

    // MARK: - Shortcodes

    /// The shortcodes the default theme declares (figure, youtube, video, note, details…).
    static let themeShortcodes = ShortcodeConverter.provided(byThemeFiles: DefaultTheme.files.keys)

    @Test func refsBecomeLinksToTheContentFileFromThePageOrTheRoot() {
        let body = "[a]({{< ref \"first\" >}}) [b]({{< relref \"/posts/trip#map\" >}}) [c]({{% ref \"first.md\" %}}) [d]({{< ref path=\"/about\" >}}) [e]({{< ref \"nowhere\" >}})\n"
        let result = ShortcodeConverter(references: references, provided: Self.themeShortcodes).convert(document(body, path: "content/posts/x.md", target: "posts/x.md"))
        #expect(result.body == "[a](/posts/first.md) [b](/posts/trip/index.md#map) [c](/posts/first.md) [d](/about.md) [e]({{< ref \"nowhere\" >}})\n")
        #expect(result.notes.map(\.headline) == [
            "content/posts/x.md:4:127: problem: {{< ref \"nowhere\" >}}: no page of the site has that path; left as written",
        ])
    }

    @Test func highlightIsAFenceAndTheThemesShortcodesAreKept() {
        let body = "{{< highlight go >}}\nfmt.Println(1)\n{{< /highlight >}}\n\n{{< figure src=\"a.png\" >}}\n{{< note >}}Careful{{< /note >}}\n"
        let result = ShortcodeConverter(references: references, provided: Self.themeShortcodes).convert(document(body, path: "content/posts/x.md", target: "posts/x.md"))
        #expect(result.body == "```go\nfmt.Println(1)\n```\n\n{{< figure src=\"a.png\" >}}\n{{< note >}}Careful{{< /note >}}\n")
        #expect(result.notes.map(\.action) == [.kept, .kept] && result.converted == 1 && result.left == 0)
    }

    @Test func curlyCurlyAndOtherDoubleBracesAreNotShortcodes() {
        let body = "mutate(df, {{ col }} := 1)\n\n```r\nf <- function(x) {{ x }}\n```\n"
        let result = ShortcodeConverter(references: references, provided: Self.themeShortcodes).convert(document(body))
        #expect(result.body == body && result.notes.isEmpty)
    }

    @Test func unknownShortcodesAreReportedOnceWithAHint() {
        let body = "{{< tweet user=\"sam\" id=\"123\" >}}\n{{< callout >}}Hi{{< /callout >}}\n{{</* youtube x */>}}\n"
        let result = ShortcodeConverter(references: references, provided: Self.themeShortcodes).convert(document(body))
        // Left in place in Hugo's escaped form: the new site shows the calls as written instead of failing on them.
        #expect(result.body == "{{</* tweet user=\"sam\" id=\"123\" */>}}\n{{</* callout */>}}Hi{{</* /callout */>}}\n{{</* youtube x */>}}\n")
        #expect(result.notes.map { "\($0.headline) | \($0.hint ?? "")" } == [
            "_posts/2020-01-01-a.md:4:1: problem: the shortcode {{< tweet >}} is left as written | quote the post, or link to it (its id is 123)",
            "_posts/2020-01-01-a.md:5:1: problem: the shortcode {{< callout >}} is left as written | a shortcode of the source's theme or layouts/; write what it produced, or add it to the new site's theme",
            "_posts/2020-01-01-a.md:6:1: kept: an escaped shortcode, which Hugo shows as written: kept as it is | check how the new site shows it",
        ])
    }

    @Test func shortcodeArgumentsAreReadAsHugoReadsThem() throws {
        let call = try #require(ShortcodeConverter.parse(#"figure src="a b.png" title=`raw "x"` 3 caption="say \"hi\"""#))
        #expect(call.name == "figure" && call.positional == ["3"])
        #expect(call.named == ["src": "a b.png", "title": "raw \"x\"", "caption": "say \"hi\""])
        #expect(ShortcodeConverter.parse("/note")?.isClosing == true)
    }
}

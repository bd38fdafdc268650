@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// Shortcodes: embeds a theme declares like kinds (`shortcodes/<name>.yml` + `.html`) that Markdown
/// bodies call with Hugo's syntax; their arguments are typed and every mistake is located.
@Suite struct ShortcodesTests {
    /// A new site whose first post's body is `body` (it starts on line 6).
    private func site(body: String, _ files: [String: String] = [:]) throws -> TemporarySite {
        try TemporarySite.scaffolded([
            "content/posts/clip.md": "---\ntitle: Clip\ndate: 2029-06-01\n---\n\n" + body,
            "content/clips/a.mp4": "not really a video",
            "content/images/lake.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ].merging(files) { $1 })
    }

    /// The rendered body of an item page (less the line break the layout puts after it).
    private func prose(_ html: String) -> String {
        let body = HTML.slices(of: html, between: "<div class=\"prose\">\n", and: "</div>\n").first ?? html
        return body.hasSuffix("\n\n") ? String(body.dropLast()) : body
    }

    @Test func theDefaultThemesShortcodesDrawTheirEmbeds() async throws {
        let site = try site(body: """
            {{< video src="/clips/a.mp4" caption="A *short* clip" loop=true >}}

            {{< figure "/images/lake.svg" alt="A lake at dawn" link="https://example.org/" >}}

            {{< youtube dQw4w9WgXcQ title="A talk" start="30" >}}

            """)
        try await site.build()
        let body = prose(try site.page("posts/clip/index.html"))
        #expect(body == """
            <figure class="embed embed-video"><video controls preload="metadata" src="/clips/a.mp4" loop><a href="/clips/a.mp4">Download the video</a></video><figcaption>A <em>short</em> clip</figcaption></figure>
            <figure class="embed embed-figure"><a href="https://example.org/"><img src="/images/lake.svg" alt="A lake at dawn" loading="lazy"></a></figure>
            <figure class="embed embed-youtube"><a class="embed-youtube-play" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=30s" data-youtube="dQw4w9WgXcQ" data-start="30" data-title="A talk"><span class="play" aria-hidden="true"></span><span class="embed-youtube-title">A talk</span><span class="embed-youtube-note">Plays from YouTube, which then learns of your visit</span></a></figure>

            """)
        // Nothing on the page asks YouTube for anything until the visitor clicks.
        #expect(!(try site.page("posts/clip/index.html")).contains("<iframe"))
    }

    @Test func theBuiltInsTakeHugosArgumentsWithHugosDefaults() async throws {
        let site = try site(body: """
            {{< figure src= "/images/lake.svg" title = "x" class="wide" width=640 caption="A *lake*" attr="Ann" attrlink="https://example.org/ann" link="https://example.org/" target="_blank" rel="noopener" alt="" >}}

            {{< figure src="/images/lake.svg" >}}

            {{< youtube id=dQw4w9WgXcQ autoplay=true class="wide" >}}

            {{< details summary="Open me" name="group" >}}
            x
            {{< /details >}}

            """)
        let report = try await site.build()
        let body = prose(try site.page("posts/clip/index.html"))
        #expect(body.hasPrefix("""
            <figure class="embed embed-figure wide"><a href="https://example.org/" target="_blank" rel="noopener"><img src="/images/lake.svg" alt="" width="640" loading="lazy"></a><figcaption><h4>x</h4><p>A <em>lake</em> <a href="https://example.org/ann">Ann</a></p></figcaption></figure>
            <figure class="embed embed-figure"><img src="/images/lake.svg" alt="" loading="lazy"></figure>
            <figure class="embed embed-youtube wide">
            """))
        #expect(body.contains("<details class=\"embed embed-details\" name=\"group\"><summary>Open me</summary>"))
        // Hugo's figure needs no alt: one left out is a warning, as for a Markdown image; alt="" is decoration.
        #expect(report.diagnostics.map { $0.description.replacingOccurrences(of: site.root + "/", with: "") } == [
            "content/posts/clip.md:8:1: warning: shortcode 'figure' shows the image '/images/lake.svg' without alt text\n  hint: describe it: alt=\"what it shows\"; write alt=\"\" only when the image is decoration",
        ])
    }

    /// A `path` argument declared `remote: true` (the video's `src`) takes an https URL as it is, as
    /// Hugo themes' video shortcodes do; other schemes are still refused where the call is.
    @Test func aVideoMayPlayFromAnotherHost() async throws {
        let site = try site(body: """
            {{< video src="https://media.example.org/talk.mp4" title="A talk" >}}

            """)
        try await site.build()
        #expect(prose(try site.page("posts/clip/index.html")) == """
            <figure class="embed embed-video"><video controls preload="metadata" src="https://media.example.org/talk.mp4" aria-label="A talk"><a href="https://media.example.org/talk.mp4">Download the video</a></video></figure>

            """)
        let refused = try self.site(body: """
            {{< video src="javascript:alert(1)" >}}

            {{< figure src="data:image/png;base64,AAAA" alt="x" >}}

            """)
        await refused.expectFailure([
            "content/posts/clip.md:6:15: error: 'src' must be a file path (/x.pdf from content/, or x.pdf beside the item) or an https URL, found \"javascript:alert(1)\"\n  hint: a remote file is named by an https URL: https://example.org/x",
            "content/posts/clip.md:8:16: error: 'src' must be an image path (/images/x.png from content/, or x.png beside the item) or an https URL, found \"data:image/png;base64,AAAA\"\n  hint: a remote file is named by an https URL: https://example.org/x",
        ])
    }

    @Test func pairedShortcodesWrapMarkdownAndNeverRunInCode() async throws {
        let site = try site(body: """
            {{< note type="warning" >}}
            Back up **first**: `{{< not-a-call >}}`.
            {{< /note >}}

            {{< details "More *about* it" >}}

            ```
            {{< video src="/nowhere.mp4" >}}
            ```

            {{< /details >}}

            Shown as written: {{</* video src="x.mp4" */>}}.

            """)
        try await site.build()
        let body = prose(try site.page("posts/clip/index.html"))
        #expect(body == """
            <aside class="embed embed-note note-warning"><p class="note-title">Warning</p>
            <p>Back up <strong>first</strong>: <code>{{&lt; not-a-call &gt;}}</code>.</p>
            </aside>
            <details class="embed embed-details"><summary>More <em>about</em> it</summary>
            <pre><code>{{&lt; video src=&quot;/nowhere.mp4&quot; &gt;}}
            </code></pre>
            </details>
            <p>Shown as written: {{&lt; video src=“x.mp4” &gt;}}.</p>

            """)
    }

    @Test func argumentsAreTypedAndEveryMistakeIsLocated() async throws {
        let site = try site(body: """
            {{< vidoe src="/clips/a.mp4" >}}

            {{< video src="/clips/b.mp4" captoin="x" loop=sometimes >}}

            {{< note type="danger" >}}
            x
            {{< /note >}}

            {{< figure "/images/lake.svg" >}}

            {{< youtube abc def title="T" >}}

            {{< figure src="/images/lake.svg" alt="A" >}}{{< /figure >}} {{< details >}}x{{< /detail >}}

            """)
        await site.expectFailure([
            "content/posts/clip.md:6:1: error: unknown shortcode 'vidoe'; did you mean 'video'?\n  hint: the theme's shortcodes: details, figure, note, video, youtube; built in: chart, definitions, include; write {{</* vidoe */>}} to show the call as it is",
            "content/posts/clip.md:8:15: error: file '/clips/b.mp4' for 'src' not found; looked for content/clips/b.mp4\n  hint: paths starting with '/' are relative to content/",
            "content/posts/clip.md:8:30: error: unknown argument 'captoin' for shortcode 'video'; did you mean 'caption'?",
            "content/posts/clip.md:8:47: error: 'loop' must be true or false, found \"sometimes\"",
            "content/posts/clip.md:10:15: error: 'type' must be one of info, warning, tip; found \"danger\"",
            "content/posts/clip.md:14:1: warning: shortcode 'figure' shows the image '/images/lake.svg' without alt text\n  hint: describe it: alt=\"what it shows\"; write alt=\"\" only when the image is decoration",
            "content/posts/clip.md:16:13: error: 'id' must be text of 11 to 11 characters, found 3 characters",
            "content/posts/clip.md:16:17: error: shortcode 'youtube' takes 1 argument without a name; 'def' is one too many\n  hint: name it: id=\"def\"",
            "content/posts/clip.md:18:1: error: shortcode 'figure' takes no content, but {{< /figure >}} closes it\n  hint: remove {{< /figure >}}",
            "content/posts/clip.md:18:62: error: shortcode 'details' wraps content: close it with {{< /details >}}\n  hint: {{< details >}}Markdown here{{< /details >}}",
            "content/posts/clip.md:18:78: error: {{< /detail >}} closes no {{< detail >}}\n  hint: open it before its content with {{< detail >}}, or remove this closing tag",
        ])
    }

    @Test func aThemeDeclaresItsShortcodesAndTheirTemplatesAreChecked() async throws {
        let site = try site(body: "{{< badge label=\"new\" >}}\n", [
            "themes/default/shortcodes/badge.yml": "arguments:\n  label: string\n  tone: {type: enum, values: [calm, loud], default: calm}\npositinal: [label]\n",
            "themes/default/shortcodes/badge.html": "<span class=\"badge {{tone}}\">{{lable}} {{inner}} {{site.title}} {{t.note_tip}}</span>",
            "themes/default/shortcodes/orphan.html": "<b>orphan</b>",
            "themes/default/shortcodes/bare.yml": "arguments:\n  inner: string\n",
            "themes/default/shortcodes/bare.html": "<i>{{inner}}</i>",
        ])
        await site.expectFailure([
            "themes/default/shortcodes/badge.html:1:30: error: 'lable' is not an argument of shortcode 'badge'; did you mean 'label'?\n  hint: its arguments: label, tone; and inner, site, t",
            "themes/default/shortcodes/badge.yml:4:1: error: unknown key 'positinal' in shortcode file; did you mean 'positional'?\n  hint: a shortcode file has: description, content, positional, arguments",
            "themes/default/shortcodes/bare.yml:2:3: error: 'inner' is a value every shortcode template is given; an argument cannot take its name\n  hint: choose another name for this argument",
            "themes/default/shortcodes/orphan.html:1:1: error: the shortcode template themes/default/shortcodes/orphan.html has no declaration\n  hint: declare its arguments in themes/default/shortcodes/orphan.yml (arguments: {} for none)",
        ])
    }

    @Test func aThemesOwnShortcodeRendersWithItsTypedArguments() async throws {
        let site = try site(body: "Price: {{< price amount=\"12.5\" on=2029-01-02 >}} only.\n", [
            "themes/default/shortcodes/price.yml": "arguments:\n  amount: number\n  on: date\n",
            "themes/default/shortcodes/price.html": "<data value=\"{{amount}}\">{{amount}} € ({{on.day}})</data>",
        ])
        try await site.build()
        let body = prose(try site.page("posts/clip/index.html"))
        #expect(body == "<p>Price: <data value=\"12.5\">12.5 € (2029-01-02)</data> only.</p>\n")
    }

    @Test func editingAShortcodeTemplateRedrawsTheBodiesThatCallIt() async throws {
        let site = try site(body: "{{< figure \"/images/lake.svg\" alt=\"Lake\" >}}\n")
        var options = site.options()
        options.writeMode = .inPlace
        let session = BuildSession(options: options)
        _ = try await session.build()
        let template = site.root + "/themes/default/shortcodes/figure.html"
        try site.write(["themes/default/shortcodes/figure.html": "<p class=\"changed\">{{alt}}</p>\n"])
        _ = try await session.build(changed: [template])
        #expect(try site.page("posts/clip/index.html").contains("<p class=\"changed\">Lake</p>"))
    }
}

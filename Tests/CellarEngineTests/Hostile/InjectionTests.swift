@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// HTML and script in every field people write — settings, sections, titles, summaries, tags, the
/// fields of every kind, bodies, file names — come out as text: escaped in every page and attribute
/// of the default theme, in the Atom and RSS feeds and the sitemap, and as exact strings in JSON Feed.
@Suite struct InjectionTests {
    /// Breaks out of text, of double- and single-quoted attributes and of an already escaped entity.
    static let payload = #"<script>alert('x')</script>"><img src=x onerror=alert(1)>'&amp;"#
    /// What must never appear in HTML or XML output: any of these means the payload got through.
    static let raw = ["<script>alert", "<img src=x", "onerror=alert(1)>"]

    private static var yaml: String { "'" + payload.replacingOccurrences(of: "'", with: "''") + "'" }

    private func site() throws -> TemporarySite {
        let p = Self.yaml
        let site = try TemporarySite(files: [
            "content/_index.md": "---\ntitle: \(p)\ndescription: \(p)\nauthor: \(p)\ncopyright: \(p)\nbase_url: https://example.org/\n---\n\(Self.payload)\n",
            "content/notes/_index.md": "---\ntitle: \(p)\ndescription: \(p)\nkind: note\n---\n\(Self.payload)\n",
            "content/notes/a.md": "---\ntitle: \(p)\ndate: 2024-01-01\nsummary: \(p)\ntags: [\(p), plain]\naliases: [/old/]\n---\n\(Self.payload)\n\n[link](javascript:alert(1)) ![img](javascript:alert(2))\n",
            "content/notes/b.md": "---\ntitle: \(p)\ndate: 2024-01-02\n---\nNo summary: \(Self.payload)\n",
            "content/reviews/_index.md": "---\ntitle: Reviews\nkind: review\n---\n",
            "content/reviews/r.md": "---\ntitle: \(p)\ndate: 2024-01-03\nrating: 5\nsubject: \(p)\nby: \(p)\nposter: /images/x\"'><b>.png\n---\n\(Self.payload)\n",
            "content/quotes/_index.md": "---\ntitle: Quotes\nkind: quote\n---\n",
            "content/quotes/q.md": "---\ntitle: \(p)\ndate: 2024-01-04\nauthor: \(p)\nsource: \(p)\nquote: \(p)\nsource_url: \"https://example.org/?q='onmouseover=alert(1)\"\n---\n",
            "content/photos/_index.md": "---\ntitle: Photos\nkind: photo\n---\n",
            "content/photos/p.md": "---\ntitle: \(p)\ndate: 2024-01-05\nimage: /images/x\"'><b>.png\nalt: \(p)\ncaption: \(p)\ncamera: \(p)\nplace: \(p)\n---\n",
            "content/links/_index.md": "---\ntitle: Links\nkind: link\n---\n",
            "content/links/l.md": "---\ntitle: \(p)\ndate: 2024-01-06\nlink: \"https://example.org/a'b?c=d&e=f\"\n---\n",
            "content/settings/_index.md": "---\ntitle: Settings\nkind: setting\ngroup_by: group\n---\n",
            "content/settings/s.md": "---\ntitle: \(p)\nstyle: info\ngroup: \(p)\nvalue: \(p)\ndetail: \(p)\n---\n",
            "content/settings/t.md": "---\ntitle: \(p)\nstyle: toggle\ngroup: \(p)\n---\n",
            "content/articles/_index.md": "---\ntitle: Articles\nkind: article\n---\n",
            "content/articles/c.md": "---\ntitle: \(p)\ndate: 2024-01-07\nsubtitle: \(p)\ncover: /images/x\"'><b>.png\ncover_alt: \(p)\n---\n",
        ], theme: .repository)
        try site.write(Data("png".utf8), to: "content/images/x\"'><b>.png")
        return site
    }

    @Test func nothingWrittenByPeopleIsRenderedAsMarkupAnywhere() async throws {
        let site = try site()
        try await site.build()
        let files = site.snapshot().filter { $0.key.hasSuffix(".html") || $0.key.hasSuffix(".xml") }
        #expect(files.count > 20)
        for (path, data) in files.sorted(by: { $0.key < $1.key }) {
            let text = String(decoding: data, as: UTF8.self)
            for needle in Self.raw + ["javascript:"] {
                if let found = text.range(of: needle) {
                    let start = text.index(found.lowerBound, offsetBy: -120, limitedBy: text.startIndex) ?? text.startIndex
                    let end = text.index(found.upperBound, offsetBy: 60, limitedBy: text.endIndex) ?? text.endIndex
                    Issue.record("public/\(path) contains \(needle): …\(text[start..<end])…")
                }
            }
        }
    }

    @Test func everyHTMLPageShowsThePayloadAsEscapedText() async throws {
        let site = try site()
        try await site.build()
        let escaped = "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&amp;amp;"
        let item = try site.page("notes/a/index.html")
        #expect(item.contains("<title>\(escaped)"))
        #expect(item.contains("<meta property=\"og:title\" content=\"\(escaped)\">"))
        #expect(item.contains("<meta name=\"description\" content=\"\(escaped)\">"))
        #expect(item.contains("#\(escaped)</a>"), "the tag link")
        for page in ["index.html", "notes/index.html", "tags/index.html", "404.html", "reviews/r/index.html",
                     "quotes/q/index.html", "photos/p/index.html", "settings/index.html", "links/index.html",
                     "articles/c/index.html"] {
            #expect(try site.page(page).contains(escaped), "\(page)")
        }
        let photo = try site.page("photos/p/index.html")
        #expect(photo.contains("<img src=\"/images/x%22%27%3E%3Cb%3E.png\" alt=\"\(escaped)\" decoding=\"async\">"), "an image file name is encoded in src")
        #expect(photo.contains("<meta property=\"og:image\" content=\"https://example.org/images/x%22%27%3E%3Cb%3E.png\">"))
        let quote = try site.page("quotes/q/index.html")
        #expect(quote.contains("<a href=\"https://example.org/?q=&#39;onmouseover=alert(1)\"><cite>\(escaped)</cite></a>"))
        let link = try site.page("links/index.html")
        #expect(link.contains("<a href=\"https://example.org/a&#39;b?c=d&amp;e=f\">\(escaped)<span"))
    }

    @Test func atomAndRSSFeedsCarryThePayloadAsText() async throws {
        let site = try site()
        try await site.build()
        for feed in ["feed.xml", "rss.xml", "notes/feed.xml", "notes/rss.xml", "sitemap.xml"] {
            let xml = try site.page(feed)
            let titles = XMLTexts(xml, element: "title")
            #expect(titles.parsed, "\(feed) is not well-formed")
            if feed != "sitemap.xml" {
                #expect(titles.texts.contains(Self.payload), "\(feed): \(titles.texts)")
            }
        }
        let atom = XMLTexts(try site.page("notes/feed.xml"), element: "content")
        #expect(atom.texts.count == 2, "\(atom.texts)")
        #expect(atom.texts.allSatisfy { !$0.contains("<script") && !$0.contains("<img src=x") && !$0.contains("javascript:") },
                "entry HTML, once unescaped from the XML, is the safe HTML of the body: \(atom.texts)")
        let categories = try site.page("feed.xml")
        #expect(categories.contains("<category term=\"&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&amp;amp;\"/>"))
    }

    @Test func jsonFeedsHoldThePayloadAsExactStrings() async throws {
        let site = try site()
        try await site.build()
        for feed in ["feed.json", "notes/feed.json"] {
            let object = try JSONSerialization.jsonObject(with: Data(site.page(feed).utf8)) as? [String: Any]
            #expect(object?["title"] as? String == (feed == "feed.json" ? Self.payload : Self.payload + " — " + Self.payload))
            #expect(object?["description"] as? String == Self.payload)
            let items = object?["items"] as? [[String: Any]] ?? []
            let a = items.first { ($0["url"] as? String) == "https://example.org/notes/a/" }
            #expect(a?["title"] as? String == Self.payload)
            #expect(a?["summary"] as? String == Self.payload)
            #expect((a?["tags"] as? [String])?.contains(Self.payload) == true)
            #expect((a?["content_html"] as? String)?.contains("<script") == false)
        }
    }

    @Test func rawHTMLInMarkdownIsDroppedUnlessTheSiteOptsIn() async throws {
        let site = try site()
        try await site.build()
        let page = try site.page("notes/a/index.html")
        #expect(page.contains("<!-- raw HTML omitted -->"))
        #expect(page.contains("<a href=\"\">link</a>"))
    }
}

/// The text of every `element` in an XML document, and whether it parsed.
private struct XMLTexts {
    var parsed = false
    var texts: [String] = []

    init(_ xml: String, element: String) {
        #if canImport(FoundationXML) || canImport(Darwin)
        let parser = XMLParser(data: Data(xml.utf8))
        let collector = Collector(element: element)
        parser.delegate = collector
        parsed = parser.parse()
        texts = collector.texts
        #else
        parsed = true
        #endif
    }

    #if canImport(FoundationXML) || canImport(Darwin)
    private final class Collector: NSObject, XMLParserDelegate {
        let element: String
        var texts: [String] = []
        private var current: String?

        init(element: String) { self.element = element }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if name == element { current = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == element, let text = current { texts.append(text); current = nil }
        }
    }
    #endif
}

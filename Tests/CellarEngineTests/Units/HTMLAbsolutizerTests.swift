@testable import CellarEngine
import Foundation
import Testing

/// Root- and page-relative links in feed HTML made absolute, by bytes: the same as the search by
/// Foundation's `range(of:)` it replaced.
@Suite struct HTMLAbsolutizerTests {
    private let origin = "https://example.org", page = "https://example.org/blog/post/#top"

    @Test func linksOfEveryKind() {
        let html = ##"<p><a href="/x/">a</a> <img src="pic.png"> <a href="#n">n</a> <a href="?q">q</a>"##
            + ##" <a href="https://o.org/">o</a> <a href="//cdn/x">c</a> <a href="">e</a> <a href="mailto:a@b">m</a></p>"##
        #expect(HTMLAbsolutizer.absolutize(html, origin: origin, page: page)
                == ##"<p><a href="https://example.org/x/">a</a> <img src="https://example.org/blog/post/pic.png">"##
                + ##" <a href="https://example.org/blog/post/#n">n</a> <a href="https://example.org/blog/post/?q">q</a>"##
                + ##" <a href="https://o.org/">o</a> <a href="//cdn/x">c</a> <a href="">e</a> <a href="mailto:a@b">m</a></p>"##)
    }

    @Test func htmlWithoutLinksIsReturnedAsItIs() {
        for html in ["", "plain", "a = b", "x=\"y\"", "<p class=\"c\">é</p>", "href=\"/x\"", "<a  href='/x'>"] {
            #expect(HTMLAbsolutizer.absolutize(html, origin: origin, page: page) == html)
        }
    }

    @Test func sameAsTheSearchByFoundation() {
        let pieces = [" href=\"", " src=\"", "\"", "/", "//", "#", "?", "x", "é", " ", "=", "href", "src", "http:", "東",
                      "<a", ">", " href=\"/a\"", " src=\"b.png\""]
        let pages = ["https://example.org/blog/post/", "https://example.org/a/b.html#frag", "https://example.org", "noslash"]
        var state: UInt64 = 49
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for _ in 0..<4_000 {
            let html = (0..<next() % 12).map { _ in pieces[next() % pieces.count] }.joined()
            let page = pages[next() % pages.count]
            #expect(HTMLAbsolutizer.absolutize(html, origin: origin, page: page)
                    == Self.absolutizedByFoundation(html, origin: origin, page: page), "\(html) \(page)")
        }
    }

    /// The implementation before the byte search, kept as the reference.
    private static func absolutizedByFoundation(_ html: String, origin: String, page: String) -> String {
        guard html.contains(" href=\"") || html.contains(" src=\"") else { return html }
        let pageFolder = page.hasSuffix("/") ? page : String(page[...(page.lastIndex(of: "/") ?? page.startIndex)])
        let pageWithoutFragment = String(page.prefix { $0 != "#" })
        var result = ""
        var rest = Substring(html)
        while let marker = firstAttribute(in: rest) {
            result += rest[..<marker.upperBound]
            rest = rest[marker.upperBound...]
            let value = rest.prefix { $0 != "\"" }
            if value.hasPrefix("//") || URLCheck.scheme(of: String(value)) != nil || value.isEmpty {
                continue
            } else if value.hasPrefix("/") {
                result += origin
            } else if value.hasPrefix("#") || value.hasPrefix("?") {
                result += pageWithoutFragment
            } else {
                result += pageFolder
            }
        }
        result += rest
        return result
    }

    private static func firstAttribute(in text: Substring) -> Range<Substring.Index>? {
        let href = text.range(of: " href=\""), src = text.range(of: " src=\"")
        guard let href, let src else { return href ?? src }
        return href.lowerBound < src.lowerBound ? href : src
    }
}

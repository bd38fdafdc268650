import CellarDiagnostics
@testable import CellarEngine
import Foundation
import Testing

/// Section permalink patterns: what they accept, what they refuse, and the URLs they give.
@Suite struct PermalinkPatternTests {
    let utc = TimeZone(identifier: "UTC")!
    let paris = TimeZone(identifier: "Europe/Paris")!

    func expand(_ pattern: String, date: Date? = Date(timeIntervalSince1970: 1_720_908_000),
                zone: TimeZone? = nil) throws -> String? {
        try PermalinkPattern(pattern, at: nil).expand(slug: "my-post", title: "My Post: Part 2", section: "blog",
                                                      kind: "article", date: date, timeZone: zone ?? utc)?.value
    }

    @Test func everyPlaceholder() throws {
        // 2024-07-13T22:00:00Z
        #expect(try expand("/:year/:month/:day/:slug/") == "2024/07/13/my-post/")
        #expect(try expand("/:section/:kind/:title/") == "blog/article/my-post-part-2/")
        #expect(try expand("/posts/p-:slug.html") == "posts/p-my-post.html/")
    }

    @Test func theDateIsReadInTheSiteTimeZone() throws {
        #expect(try expand("/:year/:month/:day/", zone: paris) == "2024/07/14/")
    }

    @Test func aPatternWithADatePartNeedsADate() throws {
        #expect(try expand("/:year/:slug/", date: nil) == nil)
        #expect(try expand("/:slug/", date: nil) == "my-post/")
    }

    @Test(arguments: [
        ("/:yaer/:slug/", "unknown permalink placeholder ':yaer' in '/:yaer/:slug/'; did you mean ':year'?"),
        ("/../:slug/", "permalink '/../:slug/' may not contain '..'"),
        ("/a b/:slug/", "permalink '/a b/:slug/' may not contain ' '"),
        ("/a?/:slug/", "permalink '/a?/:slug/' may not contain '?'"),
        ("///", "permalink '///' is empty"),
    ])
    func refusedPatternsSayWhy(_ pattern: String, message: String) {
        let location = SourceLocation(file: "content/blog/_index.md", line: 4, column: 12)
        #expect {
            try PermalinkPattern(pattern, at: location)
        } throws: { error in
            (error as? Diagnostic)?.headline == "content/blog/_index.md:4:12: error: \(message)"
        }
    }
}

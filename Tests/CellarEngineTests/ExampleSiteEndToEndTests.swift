@testable import CellarEngine
import CellarMarkdown
import CellarSiteTestSupport
import Foundation
import Testing

/// Builds the repository's own example site and follows every link in it.
@Suite struct ExampleSiteEndToEndTests {
    private func exampleSite() throws -> TemporarySite {
        let site = try TemporarySite(theme: .repository)
        try FileManager.default.copyItem(atPath: TemporarySite.repository + "/content", toPath: site.root + "/content")
        return site
    }

    /// The README's Quick start builds the example site into `public/` on a fresh clone: whatever the
    /// repository commits under `public/` is what that first build finds, and it must not be a folder
    /// the output-safety rule refuses (a committed `public/.gitignore` once was).
    @Test func aFreshCloneBuildsIntoPublic() async throws {
        let tracked = try Self.git(["ls-files", "-z", "--", "public"])
        let site = try exampleSite()
        for path in tracked.split(separator: "\0").map(String.init) where !path.isEmpty {
            try site.write(try Data(contentsOf: URL(fileURLWithPath: TemporarySite.repository + "/" + path)), to: path)
        }
        try await site.build()
        #expect(site.output("index.html") != nil)
        #expect(try Self.git(["check-ignore", "-q", "--no-index", "public/index.html"], allowFailure: true) == "",
                "public/ is not ignored by the repository's .gitignore")
    }

    /// Runs git in the repository; the suite runs from a checkout (CI clones one).
    private static func git(_ arguments: [String], allowFailure: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", TemporarySite.repository] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus != 0 && !allowFailure {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) exited \(process.terminationStatus)"])
        }
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : "failed"
    }

    @Test func buildsEveryKindIntoPages() async throws {
        let site = try exampleSite()
        let report = try await site.build()
        #expect(report.items > 30)
        for page in ["index.html", "blog/index.html", "settings/index.html", "reviews/dune-part-two/index.html",
                     "photos/harbour-at-dusk/index.html", "photos/harbour-at-dusk/harbour.svg", "tags/index.html",
                     "404.html", "feed.xml", "rss.xml", "feed.json", "blog/feed.xml", "sitemap.xml", "robots.txt",
                     "css/cellar.css"] {
            #expect(site.output(page) != nil, "missing \(page)")
        }
        let home = try #require(site.output("index.html"))
        for kind in ["article", "note", "link", "photo", "quote", "review", "video", "release"] {
            #expect(home.contains("cell-\(kind)"), "the home page shows no \(kind) cell")
        }
        let settings = try #require(site.output("settings/index.html"))
        #expect(settings.contains(">General</h2>") && settings.contains(">Publishing</h2>"))
        #expect(settings.contains("cell-setting setting-toggle"))
        // Kinds without pages get none.
        #expect(site.output("links/commonmark-spec/index.html") == nil)
        #expect(site.output("settings/language/index.html") == nil)
    }

    /// The postcards are in Vietnamese, Japanese, Chinese and Korean on an English site: each page
    /// carries its language, each cell on the English list says so, and each reading time is the
    /// post's characters (or words) at its language's stated rate.
    @Test func postcardsAreEachInTheirOwnLanguage() async throws {
        let site = try exampleSite()
        try await site.build()
        let list = try #require(site.output("postcards/index.html"))
        #expect(list.contains("<html lang=\"en\">"))
        let folder = TemporarySite.repository + "/content/postcards"
        // The postcards written in one language say which; the bilingual ones (an English file and its
        // Vietnamese sibling, .vi.md) are MultilingualSiteTests'.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix("_index") }.sorted()
        var languages: Set<String> = []
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            guard let language = text.split(separator: "\n").first(where: { $0.hasPrefix("language: ") })?.dropFirst(10) else { continue }
            languages.insert(LanguageTag.primary(String(language)))
            let slug = String(file.dropLast(3))
            let page = try #require(site.output("postcards/\(slug)/index.html"))
            #expect(page.contains("<html lang=\"\(language)\">"), "\(file)")
            #expect(list.contains("id=\"item-postcards-\(slug)\" lang=\"\(language)\">"), "\(file)")
            // The minutes shown are the body's words and characters at the rates the README states.
            let body = String(text[try #require(text.range(of: "\n---\n")).upperBound...])
            let counts = MarkdownRenderer().render(body).counts
            let rate = language.hasPrefix("ja") ? 460.0 : 330.0
            let minutes = Double(counts.proseWords) / 238 + Double(counts.codeWords) / 476 + Double(counts.cjkCharacters) / rate
            let meta = try #require(HTML.slices(of: page, between: "<span class=\"dot\" aria-hidden=\"true\">·</span>", and: "</p>").first)
            #expect(meta.filter(\.isNumber) == String(max(1, Int(minutes.rounded(.up)))), "\(file): \(meta)")
        }
        #expect(languages.isSuperset(of: ["ja", "zh", "ko"]))
    }

    @Test func draftsAppearNowhere() async throws {
        let site = try exampleSite()
        try await site.build()
        for (path, data) in site.snapshot() {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("A post that is not finished"), "the draft leaks into \(path)")
        }
        try await site.build(drafts: true)
        #expect(site.output("blog/work-in-progress/index.html") != nil)
    }

    @Test func everyInternalLinkResolves() async throws {
        let site = try exampleSite()
        try await site.build()
        let files = site.snapshot()
        var broken: [String] = []
        for (path, data) in files where path.hasSuffix(".html") {
            for link in Self.links(in: String(decoding: data, as: UTF8.self)) where link.hasPrefix("/") && !link.hasPrefix("//") {
                var target = String(link.dropFirst().prefix { $0 != "#" && $0 != "?" })
                target = target.removingPercentEncoding ?? target
                if target.isEmpty || target.hasSuffix("/") { target += "index.html" }
                if files[target] == nil { broken.append("\(path) → \(link)") }
            }
        }
        #expect(broken.isEmpty, "broken links: \(broken.prefix(10))")
    }

    @Test func pagesHonourABasePath() async throws {
        let site = try exampleSite()
        try await site.build(baseURL: "https://example.org/sub/path/")
        let home = try #require(site.output("index.html"))
        #expect(home.contains("href=\"/sub/path/css/cellar.css\""))
        #expect(home.contains("href=\"/sub/path/blog/\""))
        #expect(!home.contains("href=\"/blog/"))
        let feed = try #require(site.output("feed.xml"))
        #expect(feed.contains("https://example.org/sub/path/blog/typed-front-matter/"))
        let sitemap = try #require(site.output("sitemap.xml"))
        #expect(sitemap.contains("<loc>https://example.org/sub/path/</loc>"))
    }

    static func links(in html: String) -> [String] {
        var links: [String] = []
        for attribute in ["href=\"", "src=\""] {
            var rest = Substring(html)
            while let range = rest.range(of: attribute) {
                rest = rest[range.upperBound...]
                links.append(String(rest.prefix { $0 != "\"" }))
            }
        }
        return links
    }
}

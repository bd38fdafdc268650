@testable import CellarEngine
import CellarFiles
import CellarMarkdown
import CellarSiteTestSupport
import Foundation
import Testing

/// The bodies and cells `cellar build` keeps for the next process (`.cellar-cache/bodies.bin`,
/// `cells.bin`): a new process renders only those whose inputs moved, and a file that is missing,
/// damaged or of another key means everything is rendered — never a body or cell kept that the
/// inputs no longer give.
@Suite struct KeptBodiesTests {
    static let body = ContentItem.Body(
        html: "<h2 id=\"a\">A</h2><p>Café <a href=\"/notes/note-1/\">note</a></p>", summary: "Café note",
        headings: [MarkdownHeading(level: 2, id: "a", text: "A")],
        counts: MarkdownTextCounts(proseWords: 2, hanCharacters: 1, kanaCharacters: 3, codeWords: 4),
        pageLinks: [PageLink(href: "/about/", written: "../about.md", isImage: false,
                             location: SourceLocation(file: "content/posts/a.md", line: 7, column: 3))])
    static let sample: [String: BodyStage.Entry] = [
        "posts/a.md": BodyStage.Entry(id: "posts/a.md", sourceHash: 1, url: "posts/a/", language: "en", renderingKey: 4, dependsOnLinks: true,
                                      linksKey: 0xFFFF_FFFF_FFFF_FFFF, usesShortcodes: true, shortcodesKey: 9,
                                      dataFiles: ["posts/a/figures.csv": 5, "_terms/": 6], body: body, revision: 77, diagnostics: []),
        "notes/b.md": BodyStage.Entry(id: "notes/b.md", sourceHash: 2, url: "notes/b/", language: "vi", renderingKey: 4, dependsOnLinks: false,
                                      linksKey: 0, body: .unrendered, revision: 78, diagnostics: []),
    ]

    // MARK: - The files

    @Test func theBodiesFileReadsBackWhatWasWritten() throws {
        let read = try #require(KeptBodies.decode(KeptBodies.encoded(Array(Self.sample.values), key: 7), key: 7))
        #expect(read.keys.sorted() == Self.sample.keys.sorted())
        for (id, entry) in Self.sample {
            let back = try #require(read[id])
            #expect(back.sourceHash == entry.sourceHash && back.url == entry.url && back.language == entry.language)
            #expect(back.renderingKey == entry.renderingKey)
            #expect(back.dependsOnLinks == entry.dependsOnLinks && back.linksKey == entry.linksKey)
            #expect(back.usesShortcodes == entry.usesShortcodes && back.shortcodesKey == entry.shortcodesKey)
            #expect(back.dataFiles == entry.dataFiles && back.revision == entry.revision)
            #expect(back.body.html == entry.body.html && back.body.summary == entry.body.summary)
            #expect(back.body.headings == entry.body.headings && back.body.counts == entry.body.counts)
            #expect(back.body.pageLinks == entry.body.pageLinks && back.body.wordCount == entry.body.wordCount)
        }
    }

    @Test func aBodyThatReportedSomethingIsNotKept() {
        var entries = Self.sample
        entries["posts/a.md"]?.diagnostics = [.warning("footnote '[^1]' has no note", at: SourceLocation(file: "content/posts/a.md"))]
        #expect(KeptBodies.decode(KeptBodies.encoded(Array(entries.values), key: 7), key: 7)?.keys.sorted() == ["notes/b.md"])
    }

    @Test func aDamagedOrForeignFileReadsAsNothingKept() {
        let bodies = KeptBodies.encoded(Array(Self.sample.values), key: 7)
        let cells = KeptCells.encoded([("posts/a.md", CellCache.Entry(html: "<li>A</li>", fingerprint: 3))], key: 7)
        #expect(KeptCells.decode(cells, key: 7)?["posts/a.md"]?.html == "<li>A</li>")
        for index in bodies.indices {
            var damaged = bodies
            damaged[index] ^= 0x20
            #expect(KeptBodies.decode(damaged, key: 7) == nil, "byte \(index) flipped")
        }
        for length in stride(from: 0, to: bodies.count, by: 7) {
            #expect(KeptBodies.decode(Array(bodies[..<length]), key: 7) == nil, "cut at \(length)")
        }
        for index in cells.indices {
            var damaged = cells
            damaged[index] ^= 0x20
            #expect(KeptCells.decode(damaged, key: 7) == nil, "byte \(index) flipped")
        }
        #expect(KeptBodies.decode(bodies, key: 8) == nil)
        #expect(KeptCells.decode(cells, key: 8) == nil)
        // Each file's magic line is its own.
        #expect(KeptCells.decode(bodies, key: 7) == nil)
    }

    // MARK: - Builds in new processes

    typealias Sites = KeptPagesTests.Sites

    var bodies: (Sites) -> String { { $0.site.root + "/.cellar-cache/bodies.bin" } }
    var cells: (Sites) -> String { { $0.site.root + "/.cellar-cache/cells.bin" } }

    @Test func aNewProcessRendersOnlyTheBodyAndCellAnEditReaches() async throws {
        let sites = try await Sites()
        #expect(FileManager.default.fileExists(atPath: bodies(sites)) && FileManager.default.fileExists(atPath: cells(sites)))
        try sites.edit(["content/posts/post-3.md": OracleSite.post(3, body: "Other words.\n")])
        let report = try await sites.build()
        #expect(report.bodiesRendered == 1, "rendered \(report.bodiesRendered) bodies of \(report.items)")
        #expect(report.cellsRendered == 1, "rendered \(report.cellsRendered) cells of \(report.items)")
        #expect(try await sites.matchesAFreshBuild())
    }

    /// Another item's address moves: every body that links to it is rendered again (its kept link is stale).
    @Test func aMovedLinkTargetRendersTheBodiesThatLinkToIt() async throws {
        let sites = try await Sites()
        try sites.edit(["content/notes/note-1.md": "---\ntitle: Note 1\nslug: first-note\ndate: 2024-02-11\n---\nNote 1.\n"])
        let report = try await sites.build()
        #expect(report.bodiesRendered > 1)
        #expect(sites.site.output("posts/post-3/index.html")?.contains("/notes/first-note/") == true)
        #expect(try await sites.matchesAFreshBuild())
    }

    @Test func aDamagedMissingOrCleanCacheMeansEveryBodyAndCellIsRendered() async throws {
        let sites = try await Sites()
        let everything = try await sites.buildFromNothing()
        #expect(everything.bodiesRendered > 10 && everything.cellsRendered > 10)
        for damage in Sites.damages {
            for file in [bodies(sites), cells(sites)] { try Sites.damage(file, damage, magic: "cellar-bodies") }
            try sites.edit(["content/posts/post-3.md": OracleSite.post(3, body: "Words \(damage).\n")])
            let report = try await sites.build()
            #expect(report.bodiesRendered == everything.bodiesRendered, "\(damage): \(report.bodiesRendered) bodies")
            #expect(report.cellsRendered == everything.cellsRendered, "\(damage): \(report.cellsRendered) cells")
            #expect(try await sites.matchesAFreshBuild(), "\(damage)")
        }
    }

    /// A build that fails (a broken link) writes no kept file, whole or half: they stay what the
    /// last good build wrote, and the build after the fix renders only the body its edit reaches.
    @Test func aFailedBuildLeavesTheKeptFilesAsTheyWere() async throws {
        let sites = try await Sites()
        let before = try [bodies(sites), cells(sites)].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
        try sites.edit(["content/posts/post-3.md": OracleSite.post(3, body: "A [link](../nowhere.md).\n")])
        await #expect(throws: BuildFailure.self) { try await sites.build() }
        #expect(try [bodies(sites), cells(sites)].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
        let cache = try FileManager.default.contentsOfDirectory(atPath: sites.site.root + "/.cellar-cache")
        #expect(!cache.contains { $0.contains(".cellar-tmp-") }, "\(cache)")
        try sites.edit(["content/posts/post-3.md": OracleSite.post(3, body: "Fixed words.\n")])
        let report = try await sites.build()
        #expect(report.bodiesRendered == 1, "rendered \(report.bodiesRendered) bodies of \(report.items)")
        #expect(try await sites.matchesAFreshBuild())
    }

    /// A setting every body is rendered under (Markdown's raw HTML) changes: no kept body is believed.
    @Test func anotherMarkdownSettingRendersEveryBody() async throws {
        let sites = try await Sites()
        try sites.edit(["content/posts/post-3.md": OracleSite.post(3, body: "Raw <b>bold</b> words.\n")])
        _ = try await sites.build()
        let unsafe = OracleSite.settings().replacingOccurrences(of: "menu:", with: "markdown: {unsafe: true}\nmenu:")
        try sites.edit(["content/_index.md": unsafe])
        let report = try await sites.build()
        #expect(report.bodiesRendered > 10)
        #expect(sites.site.output("posts/post-3/index.html")?.contains("<b>bold</b>") == true)
        #expect(try await sites.matchesAFreshBuild())
    }
}

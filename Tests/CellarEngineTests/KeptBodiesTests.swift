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

    /// The records of a file, by id, every body inline.
    static func decoded(_ bytes: [UInt8], key: UInt64) -> [String: BodyStage.Entry]? {
        KeptBodies.decode(bytes, key: key).map { records in
            Dictionary(uniqueKeysWithValues: records.map { ($0.entry.id, $0.entry) })
        }
    }

    @Test func theBodiesFileReadsBackWhatWasWritten() throws {
        let read = try #require(Self.decoded(KeptBodies.encoded(Array(Self.sample.values), key: 7), key: 7))
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
        #expect(Self.decoded(KeptBodies.encoded(Array(entries.values), key: 7), key: 7)?.keys.sorted() == ["notes/b.md"])
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

    // MARK: - Bodies read back from their pages

    static let longBody = ContentItem.Body(
        html: "<p>A body long enough to be looked for in its page, with <em>words</em> and a <a href=\"/x/\">link</a>.</p>\n",
        summary: "A body", headings: [], counts: MarkdownTextCounts(proseWords: 17))

    /// A page that shows `body` between a header and a footer, as an item page does.
    static func page(showing body: String) -> [UInt8] {
        Array("<!doctype html><html><body><header><a href=\"/\">Home</a></header><article>\(body)</article><footer>©</footer></body></html>\n".utf8)
    }

    @Test func aBodyIsFoundInItsPageOrKeptInline() throws {
        let page = Self.page(showing: Self.longBody.html)
        let placement = try #require(page.withUnsafeBytes { KeptBodies.placement(of: Self.longBody.html, in: $0) })
        #expect(placement.length == Self.longBody.html.utf8.count)
        #expect(Array(page[placement.offset..<placement.offset + placement.length]) == Array(Self.longBody.html.utf8))
        #expect(KeptBodies.placement(placement, holds: Self.longBody.html))
        #expect(!KeptBodies.placement(placement, holds: Self.longBody.html + " "))
        // Not in the page (a template that leaves the body out, or rewrites it), or too short to be worth it: inline.
        let other = Self.page(showing: "<p>Something else.</p>")
        #expect(other.withUnsafeBytes { KeptBodies.placement(of: Self.longBody.html, in: $0) } == nil)
        #expect(page.withUnsafeBytes { KeptBodies.placement(of: "<p>Short.</p>", in: $0) } == nil)
        // A first byte met many times before the body starts.
        let crowded = Self.page(showing: String(repeating: "<p>", count: 50) + Self.longBody.html)
        let found = try #require(crowded.withUnsafeBytes { KeptBodies.placement(of: Self.longBody.html, in: $0) })
        #expect(Array(crowded[found.offset..<found.offset + found.length]) == Array(Self.longBody.html.utf8))
    }

    /// A body left to its page is read back from the page in the output, where the places file
    /// says it sits; one whose page is gone or holds other bytes there is left out (rendered
    /// again), one not found in its page comes from the places file, one with no place is left out,
    /// and a places file of another bodies file places nothing.
    @Test func aBodyLeftToItsPageIsReadBackOnlyWhileThePageHoldsIt() async throws {
        let site = try TemporarySite()
        let cache = site.root + "/.cellar-cache", output = site.root + "/public"
        let page = Self.page(showing: Self.longBody.html)
        for folder in ["posts/a", "posts/c"] {
            try FileManager.default.createDirectory(atPath: output + "/" + folder, withIntermediateDirectories: true)
            try Data(page).write(to: URL(fileURLWithPath: output + "/\(folder)/index.html"))
        }
        var entries = Self.sample
        for (id, url) in ["posts/a.md": "posts/a/", "posts/c.md": "posts/c/", "posts/d.md": "posts/d/", "posts/e.md": "posts/e/"] {
            entries[id] = BodyStage.Entry(id: id, sourceHash: 3, url: URLPath(url), language: "en", renderingKey: 4,
                                          dependsOnLinks: false, linksKey: 0, body: Self.longBody, revision: 79, diagnostics: [])
        }
        let inPages = try #require(KeptBodies.save(Array(entries.values), inPage: { $0.id.hasPrefix("posts/") }, cache: cache, key: 7))
        #expect(inPages.ids == ["posts/a.md", "posts/c.md", "posts/d.md", "posts/e.md"])
        let file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: KeptBodies.file(in: cache))))
        #expect(file.count < KeptBodies.encoded(Array(entries.values), key: 7).count - 3 * Self.longBody.html.utf8.count)
        let placement = try #require(page.withUnsafeBytes { KeptBodies.placement(of: Self.longBody.html, in: $0) })
        // posts/d.md was not found in its page (its HTML is in the places file); posts/e.md has no place at all.
        KeptBodies.savePlaces(inPages, offsets: ["posts/a.md": placement.offset, "posts/c.md": placement.offset],
                              html: { $0 == "posts/d.md" ? Self.longBody.html : nil }, cache: cache)

        let loaded = await KeptBodies.load(cache: cache, output: output, key: 7)
        #expect(loaded.entries.keys.sorted() == ["notes/b.md", "posts/a.md", "posts/c.md", "posts/d.md"])
        for id in ["posts/a.md", "posts/c.md", "posts/d.md"] {
            #expect(loaded.entries[id]?.body.html == Self.longBody.html, "\(id)")
            #expect(loaded.entries[id]?.body.summary == Self.longBody.summary, "\(id)")
        }
        #expect(loaded.placements == ["posts/a.md": placement, "posts/c.md": placement])
        #expect(loaded.inPages?.checksum == inPages.checksum && loaded.inPages?.ids == inPages.ids)

        // One page edited by hand where the body sits, the other removed: neither body is kept.
        try Data(Self.page(showing: Self.longBody.html.uppercased())).write(to: URL(fileURLWithPath: output + "/posts/a/index.html"))
        try FileManager.default.removeItem(atPath: output + "/posts/c/index.html")
        let after = await KeptBodies.load(cache: cache, output: output, key: 7)
        #expect(after.entries.keys.sorted() == ["notes/b.md", "posts/d.md"])
        #expect(after.placements.isEmpty)

        // The bodies file written again (another checksum): the old places file places nothing.
        _ = KeptBodies.save(Array(entries.values.filter { $0.id != "notes/b.md" }), inPage: { $0.id.hasPrefix("posts/") }, cache: cache, key: 7)
        #expect(await KeptBodies.load(cache: cache, output: output, key: 7).entries.isEmpty)
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

    /// The files say where a post's body sits in its page rather than holding it; a note's short
    /// body, and a link's (no page), are inline. A new process reads the post's body back from the
    /// page and renders only the edited one.
    @Test func aNewProcessReadsABodyBackFromItsPage() async throws {
        let sites = try await Sites()
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bodies(sites))))
        // The key the build wrote it under, after the magic line and the format version.
        let key = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: KeptBodies.magic.count + 8, as: UInt64.self).littleEndian }
        let records = try #require(KeptBodies.decode(bytes, key: key))
        let post = try #require(records.first { $0.entry.id == "posts/post-1.md" })
        #expect(post.placement != nil && post.entry.body.html.isEmpty)
        let page = try #require(sites.site.output("posts/post-1/index.html").map { Array($0.utf8) })
        let places = try #require(KeptFile.load(sites.site.root + "/.cellar-cache/body-places.bin")
            .flatMap { KeptBodies.decodePlaces($0, key: KeptFile.checksum(of: bytes)) })
        guard case .offset(let offset)? = places["posts/post-1.md"] else { Issue.record("no place for post-1: \(places)"); return }
        let placement = try #require(post.placement.map { KeptBodies.Placement(offset: offset, length: $0.length, hash: $0.hash) })
        let shown = try #require(String(validating: page[placement.offset..<placement.offset + placement.length], as: UTF8.self))
        #expect(shown.contains("<h2") && shown.contains("More words."))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("More words."), "no placed body is in the file")
        #expect(records.first { $0.entry.id == "links/link-1.md" }?.placement == nil)
        #expect(records.first { $0.entry.id == "notes/note-1.md" }.map { $0.placement == nil && $0.entry.body.html.contains("Note 1.") } == true)

        try sites.edit(["content/notes/note-3.md": OracleSite.note(3, body: "Other words.\n")])
        let report = try await sites.build()
        #expect(report.bodiesRendered == 1, "rendered \(report.bodiesRendered) bodies of \(report.items)")
        #expect(try await sites.matchesAFreshBuild())
        // Again, with the file the last build wrote (post-1's page was linked from the output, its place carried over).
        try sites.edit(["content/notes/note-3.md": OracleSite.note(3, body: "Third words.\n")])
        let again = try await sites.build()
        #expect(again.bodiesRendered == 1, "rendered \(again.bodiesRendered) bodies of \(again.items)")
        #expect(try await sites.matchesAFreshBuild())
    }

    /// A page changed by hand where its body sits, or removed, after the build: that body is
    /// rendered again (the file's place no longer holds it), and the output is still right.
    @Test func aPageChangedOrRemovedByHandRendersItsBodyAgain() async throws {
        let sites = try await Sites()
        let changed = sites.site.root + "/public/posts/post-5/index.html"
        let page = try String(contentsOfFile: changed, encoding: .utf8)
        try Data(page.replacingOccurrences(of: "More words.", with: "More w0rds.").utf8).write(to: URL(fileURLWithPath: changed))
        try FileManager.default.removeItem(atPath: sites.site.root + "/public/posts/post-6/index.html")
        try sites.edit(["content/notes/note-2.md": OracleSite.note(2, body: "Elsewhere.\n")])
        let report = try await sites.build()
        #expect(report.bodiesRendered == 3, "rendered \(report.bodiesRendered) bodies of \(report.items)")
        #expect(try await sites.matchesAFreshBuild())
        #expect(sites.site.output("posts/post-5/index.html")?.contains("More words.") == true)
        // The file now places them in the pages just written: the next edit renders only its own body.
        try sites.edit(["content/notes/note-2.md": OracleSite.note(2, body: "Elsewhere again.\n")])
        #expect(try await sites.build().bodiesRendered == 1)
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

    /// The places file damaged or missing: only the bodies left to their pages are rendered again.
    @Test func aDamagedOrMissingPlacesFileRendersTheBodiesLeftToPages() async throws {
        let sites = try await Sites()
        let places = sites.site.root + "/.cellar-cache/body-places.bin"
        let everything = try await sites.buildFromNothing()
        for damage in Sites.damages {
            try Sites.damage(places, damage, magic: "cellar-body-places")
            try sites.edit(["content/notes/note-3.md": OracleSite.note(3, body: "Words \(damage).\n")])
            let report = try await sites.build()
            #expect(report.bodiesRendered > 1 && report.bodiesRendered < everything.bodiesRendered,
                    "\(damage): \(report.bodiesRendered) bodies of \(everything.bodiesRendered)")
            #expect(try await sites.matchesAFreshBuild(), "\(damage)")
        }
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

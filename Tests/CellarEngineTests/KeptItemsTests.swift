@testable import CellarEngine
import CellarDiagnostics
import CellarFiles
import CellarSiteTestSupport
import Foundation
import Testing

/// The typed front matter `cellar build` keeps for the next process (`.cellar-cache/items.bin`):
/// a new process types only the files whose bytes moved, and a file that is missing, damaged or of
/// another key means every file is typed — never an item kept that its file no longer gives.
@Suite struct KeptItemsTests {
    static func place(_ line: Int) -> CellarDiagnostics.SourceLocation { CellarDiagnostics.SourceLocation(file: "content/posts/a.md", line: line, column: 3) }

    static let fields: [String: TypedField] = [
        "title": TypedField(.string("Café"), at: place(2)),
        "lede": TypedField(.html("<em>x</em>", source: "*x*"), at: place(3)),
        "rating": TypedField(.int(-7), at: place(4)),
        "score": TypedField(.number(0.1), at: place(5)),
        "seen": TypedField(.bool(true), at: nil),
        "date": TypedField(.date(Date(timeIntervalSinceReferenceDate: 7.25e8 + 0.001)), at: place(6)),
        "site": TypedField(.url("https://example.org/"), at: place(7)),
        "poster": TypedField(.file(FileReference(written: "p.jpg", contentPath: "posts/p.jpg", remoteURL: nil)), at: place(8)),
        "remote": TypedField(.file(FileReference(written: "https://x.org/a.png", contentPath: nil, remoteURL: "https://x.org/a.png")), at: place(9)),
        "tags": TypedField(.list([TypedField(.string("a"), at: place(10)), TypedField(.null, at: nil)]), at: place(10)),
        "cast": TypedField(.object(["lead": TypedField(.list([]), at: place(11))]), at: place(11)),
    ]

    static let source = ContentItem.Source(
        id: "posts/a.md", file: "content/posts/a.md", sectionID: "posts", kind: "post", hasPage: true, title: "Café",
        date: Date(timeIntervalSinceReferenceDate: 7.25e8 + 0.001), updated: nil, slug: "a", tags: ["a", "b c"], draft: true,
        expires: Date(timeIntervalSinceReferenceDate: -3), weight: -2, aliases: ["/old/"], fields: fields, url: "posts/a/",
        anchor: "item-posts-a", bundleDirectory: "posts/a", markdown: "Body.\n", bodyFirstLine: 12, summary: "S",
        sourceHash: 0xDEAD_BEEF, language: "vi", siteLanguage: "en", translationKey: "posts/a.md")

    @Test func theFileReadsBackWhatWasWrittenButTheMarkdown() throws {
        let other = ContentItem.Source(
            id: "b.md", file: "content/b.md", sectionID: "", kind: "page", hasPage: false, title: "B", date: nil, updated: nil,
            slug: "b", tags: [], draft: false, expires: nil, weight: 0, aliases: [], fields: [:], url: "b/", anchor: "item-b",
            bundleDirectory: nil, markdown: "", bodyFirstLine: 1, summary: "", sourceHash: 1, language: "en")
        let read = try #require(KeptItems.decode(KeptItems.encoded([Self.source, other], key: 7), key: 7))
        #expect(read.keys.sorted() == ["b.md", "posts/a.md"])
        for written in [Self.source, other] {
            let back = try #require(read[written.id])
            #expect(back.file == written.file && back.sectionID == written.sectionID && back.kind == written.kind)
            #expect(back.hasPage == written.hasPage && back.title == written.title && back.sortTitle == written.sortTitle)
            #expect(back.date == written.date && back.updated == written.updated && back.expires == written.expires)
            #expect(back.slug == written.slug && back.tags == written.tags && back.draft == written.draft)
            #expect(back.weight == written.weight && back.aliases == written.aliases && back.fields == written.fields)
            #expect(back.url == written.url && back.anchor == written.anchor && back.bundleDirectory == written.bundleDirectory)
            #expect(back.bodyFirstLine == written.bodyFirstLine && back.summary == written.summary)
            #expect(back.sourceHash == written.sourceHash && back.language == written.language)
            #expect(back.siteLanguage == written.siteLanguage && back.translationKey == written.translationKey)
            #expect(back.markdown.isEmpty)
        }
    }

    @Test func aDamagedOrForeignFileReadsAsNothingKept() {
        let bytes = KeptItems.encoded([Self.source], key: 7)
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x20
            #expect(KeptItems.decode(damaged, key: 7) == nil, "byte \(index) flipped")
        }
        for length in stride(from: 0, to: bytes.count, by: 7) {
            #expect(KeptItems.decode(Array(bytes[..<length]), key: 7) == nil, "cut at \(length)")
        }
        #expect(KeptItems.decode(bytes, key: 8) == nil)
        #expect(KeptBodies.decode(bytes, key: 7) == nil)
    }

    /// The file's small numbers, lengths and flags are compact (seven bits a byte): each reads back
    /// as written at every size, and one cut short or longer than 64 bits reads as damage.
    @Test func compactNumbersReadBackAndAnOverlongOneIsDamage() {
        let unsigned: [UInt64] = [0, 1, 127, 128, 300, 16_383, 16_384, UInt64(UInt32.max), UInt64.max >> 1, UInt64.max]
        let signed: [Int] = [0, -1, 1, -64, 64, -65, Int.max, Int.min, Int(Int32.min)]
        var file = KeptFile.Writer(magic: KeptItems.magic, version: KeptItems.formatVersion, key: 7)
        for value in unsigned { file.appendCompact(value) }
        for value in signed { file.appendCompact(value) }
        file.appendCompact(true)
        file.appendCompact("Café")
        let read = KeptFile.read(file.finished(), magic: KeptItems.magic, version: KeptItems.formatVersion, key: 7) { reader -> Bool? in
            let numbers = unsigned.map { _ in reader.compactNumber() }
            let integers = signed.map { _ in reader.compactInteger() }
            return numbers == unsigned && integers == signed && reader.compactFlag() == true && reader.compactText() == "Café"
        }
        #expect(read == true)
        #expect(file.bytes.count < KeptItems.magic.count + 16 + 8 * (unsigned.count + signed.count + 2))
        // Eleven bytes that all go on, and ten whose last holds more than the 64th bit: neither is a number.
        for damaged: [UInt8] in [Array(repeating: 0xFF, count: 10) + [0x01], Array(repeating: 0xFF, count: 9) + [0x02], [0x80, 0x80]] {
            var bad = KeptFile.Writer(magic: KeptItems.magic, version: KeptItems.formatVersion, key: 7)
            bad.append(bytes: damaged[...])
            let number = KeptFile.read(bad.finished(), magic: KeptItems.magic, version: KeptItems.formatVersion, key: 7) { reader -> UInt64?? in
                .some(reader.compactNumber())
            }
            #expect(number == .some(nil) || number == nil, "\(damaged)")
        }
        // An items.bin of the first format (every number in eight bytes), its checksum made right, is not read.
        var older = KeptItems.encoded([Self.source], key: 7)
        older.removeLast(8)
        older.withUnsafeMutableBytes { $0.storeBytes(of: UInt64(1).littleEndian, toByteOffset: KeptItems.magic.count, as: UInt64.self) }
        withUnsafeBytes(of: StableHash.of(bytes: older).littleEndian) { older.append(contentsOf: $0) }
        #expect(KeptItems.decode(older, key: 7) == nil)
    }

    /// A dated item's date is its own; without `date:`, on a site that processes photos, it may be
    /// the date a photo it shows was taken.
    @Test func anItemWhoseDateMayComeFromAPhotoIsNotKept() {
        #expect(KeptItems.isKeepable(Self.source, processesImages: true))
        func undated(_ fields: [String: TypedField]) -> ContentItem.Source {
            ContentItem.Source(
                id: "b.md", file: "content/b.md", sectionID: "", kind: "page", hasPage: false, title: "B", date: nil, updated: nil,
                slug: "b", tags: [], draft: false, expires: nil, weight: 0, aliases: [], fields: fields, url: "b/", anchor: "item-b",
                bundleDirectory: nil, markdown: "", bodyFirstLine: 1, summary: "", sourceHash: 1, language: "en")
        }
        let photo = ["poster": TypedField(.file(FileReference(written: "p.jpg", contentPath: "p.jpg", remoteURL: nil)), at: nil)]
        #expect(!KeptItems.isKeepable(undated(photo), processesImages: true))
        #expect(KeptItems.isKeepable(undated(photo), processesImages: false))
        #expect(KeptItems.isKeepable(undated(["title": TypedField(.string("B"), at: nil)]), processesImages: true))
    }

    // MARK: - Builds in new processes

    typealias Sites = KeptPagesTests.Sites

    var items: (Sites) -> String { { $0.site.root + "/.cellar-cache/items.bin" } }

    @Test func aNewProcessTypesOnlyTheFileAnEditReaches() async throws {
        let sites = try await Sites()
        #expect(FileManager.default.fileExists(atPath: items(sites)))
        try sites.edit(["content/posts/post-3.md": OracleSite.post(3, body: "Other words.\n")])
        let report = try await sites.build()
        #expect(report.itemsTyped == 1, "typed \(report.itemsTyped) of \(report.items)")
        #expect(try await sites.matchesAFreshBuild())
        // Its front matter now: the new title is the one shown.
        try sites.edit(["content/posts/post-3.md": "---\ntitle: Renamed post\ndate: 2024-03-03\n---\nWords.\n"])
        let renamed = try await sites.build()
        #expect(renamed.itemsTyped == 1)
        #expect(sites.site.output("posts/post-3/index.html")?.contains("Renamed post") == true)
        #expect(try await sites.matchesAFreshBuild())
    }

    @Test func aDamagedMissingOrCleanCacheMeansEveryFileIsTyped() async throws {
        let sites = try await Sites()
        let everything = try await sites.buildFromNothing()
        #expect(everything.itemsTyped > 10)
        for damage in Sites.damages {
            try Sites.damage(items(sites), damage, magic: "cellar-items")
            try sites.edit(["content/posts/post-3.md": OracleSite.post(3, body: "Words \(damage).\n")])
            let report = try await sites.build()
            #expect(report.itemsTyped == everything.itemsTyped, "\(damage): typed \(report.itemsTyped)")
            #expect(try await sites.matchesAFreshBuild(), "\(damage)")
        }
    }

    /// A setting typing depends on (the site's time zone) changes: no kept item is believed.
    @Test func anotherSettingTypesEveryFile() async throws {
        let sites = try await Sites()
        let zoned = OracleSite.settings().replacingOccurrences(of: "menu:", with: "timezone: Asia/Ho_Chi_Minh\nmenu:")
        try sites.edit(["content/_index.md": zoned])
        let report = try await sites.build()
        #expect(report.itemsTyped > 10, "typed \(report.itemsTyped) of \(report.items)")
        #expect(try await sites.matchesAFreshBuild())
    }
}

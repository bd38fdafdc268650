@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// Files as editors, exporters and other systems write them: byte-order marks, CRLF and lone CR
/// line ends, bytes that are not UTF-8, NUL bytes and control characters. Each either builds as
/// meant or is refused at the first bad byte — in items, settings, kinds and templates alike.
@Suite struct EncodingTests {
    private func site(_ files: [String: String] = [:]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
        ].merging(files) { $1 })
    }

    private func write(_ bytes: [UInt8], to path: String, in site: TemporarySite) throws {
        try site.write(Data(bytes), to: path)
    }

    @Test(arguments: [
        ("BOM", [0xEF, 0xBB, 0xBF] + Array("---\ntitle: Hello\n---\nBody.\n".utf8)),
        ("BOM + CRLF", [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: Hello\r\n---\r\nBody.\r\n".utf8)),
        ("CRLF", Array("---\r\ntitle: Hello\r\n---\r\nBody.\r\n".utf8)),
        ("lone CR", Array("---\rtitle: Hello\r---\rBody.\r".utf8)),
        ("mixed", Array("---\r\ntitle: Hello\n---\rBody.\r\n".utf8)),
    ])
    func lineEndsAndByteOrderMarksAreReadAsText(_ label: String, _ bytes: [UInt8]) async throws {
        let site = try site()
        try write(bytes, to: "content/notes/hello.md", in: site)
        try await site.build()
        let page = try site.page("notes/hello/index.html")
        #expect(page.contains("<h1>Hello</h1>"), "\(label)")
        #expect(page.contains("<p>Body.</p>"), "\(label)")
        #expect(!page.contains("\u{FEFF}") && !page.contains("\r"), "\(label)")
    }

    @Test(arguments: [
        ("CRLF", "---\r\ntitle: Dune\r\n\r\nrating: ten\r\n---\r\n"),
        ("lone CR", "---\rtitle: Dune\r\rrating: ten\r---\r"),
        ("BOM", "\u{FEFF}---\ntitle: Dune\n\nrating: ten\n---\n"),
    ])
    func errorsInFilesWithOtherLineEndsPointAtTheLineEditorsShow(_ label: String, _ text: String) async throws {
        let site = try site(["content/reviews/_index.md": Fixture.section("Reviews", kind: "review"),
                             "content/reviews/dune.md": text])
        await site.expectFailure([
            "content/reviews/dune.md:4:9: error: 'rating' must be an integer from 0 to 10, found \"ten\"",
        ])
    }

    @Test func theSiteSettingsMayStartWithAByteOrderMarkAndUseCRLF() async throws {
        let site = try site()
        try write([0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: Crème\r\nbase_url: https://example.org/\r\n---\r\nHi.\r\n".utf8),
                  to: "content/_index.md", in: site)
        try await site.build()
        #expect(try site.page("index.html").contains("<title>Crème</title>"))
    }

    @Test func aUTF16FileIsRefusedAtItsFirstByte() async throws {
        let site = try site()
        try write([0xFF, 0xFE] + Array("---\ntitle: A\n---\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
                  to: "content/notes/wide.md", in: site)
        await site.expectFailure([
            "content/notes/wide.md:1:1: error: the file is not valid UTF-8 (byte 0xFF)\n  hint: save the file as UTF-8 (it may be Latin-1 or Windows-1252)",
        ])
    }

    @Test(arguments: [
        ("truncated sequence at the end", Array("---\ntitle: A\n---\nend ".utf8) + [0xE2, 0x82], "4:5", "0xE2"),
        ("overlong encoding of '/'", Array("---\ntitle: ".utf8) + [0xC0, 0xAF] + Array("\n---\n".utf8), "2:8", "0xC0"),
        ("UTF-16 surrogate", Array("---\ntitle: ".utf8) + [0xED, 0xA0, 0x80] + Array("\n---\n".utf8), "2:8", "0xED"),
        ("lone continuation byte", Array("---\ntitle: é".utf8) + [0x80] + Array("\n---\n".utf8), "2:9", "0x80"),
    ])
    func invalidUTF8IsRefusedAtTheBadByte(_ label: String, _ bytes: [UInt8], _ place: String, _ byte: String) async throws {
        let site = try site()
        try write(bytes, to: "content/notes/bad.md", in: site)
        await site.expectFailure([
            "content/notes/bad.md:\(place): error: the file is not valid UTF-8 (byte \(byte))\n  hint: save the file as UTF-8 (it may be Latin-1 or Windows-1252)",
        ])
    }

    @Test func aNULByteInTheFrontMatterIsRefusedWhereItIs() async throws {
        let site = try site(["content/notes/nul.md": "---\ntitle: A\u{0}B\n---\n"])
        await site.expectFailure([
            "content/notes/nul.md:2:9: error: the file contains a NUL byte\n  hint: this looks like a binary file; content files must be UTF-8 text",
        ])
    }

    @Test func badBytesInSiteSettingsAreRefusedToo() async throws {
        let site = try site()
        try write(Array("---\ntitle: Caf".utf8) + [0xE9] + Array("\n---\n".utf8), to: "content/_index.md", in: site)
        await site.expectFailure([
            "content/_index.md:2:11: error: the file is not valid UTF-8 (byte 0xE9)\n  hint: save the file as UTF-8 (it may be Latin-1 or Windows-1252)",
        ])
    }

    @Test func badBytesInAKindSchemaAreRefused() async throws {
        let site = try site()
        try write(Array("label: Note\u{0}\n".utf8), to: "themes/default/kinds/note.yml", in: site)
        await site.expectFailure([
            "themes/default/kinds/note.yml:1:12: error: the file contains a NUL byte\n  hint: this looks like a binary file; content files must be UTF-8 text",
        ])
    }

    @Test func aTemplateThatIsNotUTF8IsRefused() async throws {
        let site = try site()
        try write(Array("<li>".utf8) + [0xFF] + Array("{{title}}</li>\n".utf8), to: "themes/default/cells/note.html", in: site)
        await site.expectFailure([
            "themes/default/cells/note.html:1:1: error: cannot read template: it is not valid UTF-8\n  hint: save the file as UTF-8",
        ])
    }

    @Test func aTemplateWithCRLFRendersWithLF() async throws {
        let site = try site(["themes/default/cells/note.html": "<li class=\"note\">\r\n{{title}}\r\n</li>\r\n",
                             "content/notes/a.md": "---\ntitle: A\n---\n"])
        try await site.build()
        #expect(try site.page("notes/index.html").contains("<li class=\"note\">\nA\n</li>"))
    }

    /// YAML escapes can put any character in a value, NUL and control characters included: every
    /// output drops the control characters (C0 but tab and newline, DEL, C1) and shows NUL as
    /// U+FFFD (the `Escaping` policy), and XML feeds drop what XML 1.0 forbids besides.
    @Test func controlCharactersInValuesKeepFeedsWellFormed() async throws {
        let site = try site([
            "content/notes/ctl.md": "---\ntitle: \"a\\0b\\x01c\\x1Bd\\x7F\\uFFFEe\\tf\"\ndate: 2024-01-01\ntags: [\"t\\x02\"]\n---\nBody.\n",
        ])
        try await site.build()
        for feed in ["feed.xml", "rss.xml", "notes/feed.xml", "notes/rss.xml", "sitemap.xml"] {
            let xml = try site.page(feed)
            #if canImport(FoundationXML) || canImport(Darwin)
            #expect(XMLParser(data: Data(xml.utf8)).parse(), "\(feed) is not well-formed XML")
            #endif
            #expect(!xml.unicodeScalars.contains { $0.value < 0x09 || $0.value == 0x0B || $0.value == 0x1B }, "\(feed)")
        }
        #expect(try site.page("feed.xml").contains("<title>a\u{FFFD}bcde\tf</title>"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(site.page("feed.json").utf8)) as? [String: Any])
        let items = try #require(json["items"] as? [[String: Any]])
        #expect(items.first?["title"] as? String == "a\u{FFFD}bcd\u{FFFE}e\tf")
        #expect(site.exists("public/notes/ctl/index.html"))
        #expect(site.exists("public/tags/t/index.html"))
    }
}

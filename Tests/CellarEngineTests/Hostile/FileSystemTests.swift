@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// What a content folder can hold besides plain files: symlinks out of the site and in loops, FIFOs,
/// empty and very large files, names with spaces, Unicode, `#`, `%`, `?`, leading dashes, bytes
/// that are not UTF-8, names as long as the file system allows. Cellar builds or refuses with a
/// located error, never hangs, and never reads or writes outside the site.
///
/// What names become: an item's URL is its slugged file name (`My Note #1.md` → `/notes/my-note-1/`);
/// a copied file keeps its name (`files/Report #3 (final).pdf`), and links to it are percent-encoded.
@Suite struct FileSystemTests {
    private func site(_ files: [String: String] = [:]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
        ].merging(files) { $1 })
    }

    /// A folder outside the site, removed with the value.
    private final class Outside: Sendable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-outside-\(UUID().uuidString)").path
        init() throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data("secret\n".utf8).write(to: URL(fileURLWithPath: path + "/secret.md"))
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    private func link(_ path: String, to destination: String, in site: TemporarySite) throws {
        let absolute = site.root + "/" + path
        try FileManager.default.createDirectory(atPath: (absolute as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: absolute, withDestinationPath: destination)
    }

    private func fifo(_ path: String, in site: TemporarySite) throws {
        let absolute = site.root + "/" + path
        try FileManager.default.createDirectory(atPath: (absolute as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        #expect(mkfifo(absolute, 0o644) == 0)
    }

    // MARK: - Symlinks

    @Test func aSymlinkToAFileOutsideTheSiteIsRefused() async throws {
        let outside = try Outside()
        let site = try site()
        try link("content/notes/leak.md", to: outside.path + "/secret.md", in: site)
        await site.expectFailure([
            "content/notes/leak.md:1:1: error: the symlink content/notes/leak.md leads outside the site, to \(outside.path)/secret.md\n  hint: copy the file into the site instead of linking to it",
        ])
    }

    @Test func aSymlinkToAFolderOutsideTheSiteIsRefused() async throws {
        let outside = try Outside()
        let site = try site()
        try link("content/notes/elsewhere", to: outside.path, in: site)
        try link("content/up", to: "../..", in: site)
        let parent = (site.root as NSString).deletingLastPathComponent
        await site.expectFailure([
            "content/notes/elsewhere:1:1: error: the symlink content/notes/elsewhere leads outside the site, to \(outside.path)\n  hint: copy the file into the site instead of linking to it",
            "content/up:1:1: error: the symlink content/up leads outside the site, to \(parent)\n  hint: copy the file into the site instead of linking to it",
        ])
    }

    @Test func symlinkLoopsAreRefused() async throws {
        let site = try site()
        try link("content/notes/a.md", to: "b.md", in: site)
        try link("content/notes/b.md", to: "a.md", in: site)
        try link("content/notes/self", to: "self", in: site)
        await site.expectFailure([
            "content/notes/a.md:1:1: error: the symlink content/notes/a.md is broken or loops\n  hint: fix or remove the link",
            "content/notes/b.md:1:1: error: the symlink content/notes/b.md is broken or loops\n  hint: fix or remove the link",
            "content/notes/self:1:1: error: the symlink content/notes/self is broken or loops\n  hint: fix or remove the link",
        ])
    }

    /// Two links to a folder above them make 2⁴⁰ paths forty levels deep: every walk of the tree
    /// (the scan, the input fingerprint of the "up to date" check) must visit each folder once.
    @Test(.timeLimit(.minutes(10))) func symlinksToAFolderAboveThemAreRefusedAsLoops() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\n---\n"])
        try link("content/notes/again", to: "..", in: site)
        try link("content/notes/and-again", to: "..", in: site)
        await site.expectFailure([
            "content/notes/again:1:1: error: the folder content/notes/again is reached twice (a symlink loop?)",
            "content/notes/and-again:1:1: error: the folder content/notes/and-again is reached twice (a symlink loop?)",
        ])
    }

    @Test func symlinksThatStayInsideTheSiteAreFollowed() async throws {
        let site = try site(["content/shared/_index.md": Fixture.section("Shared", kind: "note"),
                             "content/shared/text.md": "---\ntitle: Shared\n---\n", "content/shared/pic.png": "png"])
        try link("content/notes/copy.md", to: "../shared/text.md", in: site)
        try link("content/notes/pic.png", to: "../shared/pic.png", in: site)
        try await site.build()
        #expect(try site.page("notes/copy/index.html").contains("<h1>Shared</h1>"))
        #expect(site.output("notes/pic.png") == "png")
        let attributes = try FileManager.default.attributesOfItem(atPath: site.root + "/public/notes/pic.png")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "copies are files, never links")
    }

    @Test func aSymlinkedThemeFileLeadingOutsideTheThemeIsRefused() async throws {
        let outside = try Outside()
        let site = try site()
        try link("themes/default/partials/secret.html", to: outside.path + "/secret.md", in: site)
        try site.write(["themes/default/cells/note.html": "<li class=\"note\">{{title}}{{>secret}}</li>\n",
                        "content/notes/a.md": "---\ntitle: A\n---\n"])
        await site.expectFailure([
            "themes/default/partials/secret.html:1:1: error: the symlink themes/default/partials/secret.html leads outside the theme, to \(outside.path)/secret.md\n  hint: copy the file into the theme instead of linking to it",
        ])
    }

    @Test func themeAssetsThatLinkOutsideTheThemeOrInALoopAreRefused() async throws {
        let outside = try Outside()
        let site = try site()
        try link("themes/default/assets/private", to: outside.path, in: site)
        try link("themes/default/assets/css/again", to: "..", in: site)
        try link("themes/default/assets/css/and-again", to: "..", in: site)
        try site.write(["themes/default/assets/css/site.css": "body {}\n"])
        await site.expectFailure([
            "themes/default/assets/css/again:1:1: error: the folder themes/default/assets/css/again is reached twice (a symlink loop?)",
            "themes/default/assets/css/and-again:1:1: error: the folder themes/default/assets/css/and-again is reached twice (a symlink loop?)",
            "themes/default/assets/private:1:1: error: the symlink themes/default/assets/private leads outside the theme, to \(outside.path)\n  hint: copy the file into the theme instead of linking to it",
        ])
    }

    @Test func aThemeFolderThatIsItselfASymlinkIsFine() async throws {
        let shared = try TemporarySite(files: ["content/_index.md": Fixture.site])
        let site = try TemporarySite(files: ["content/_index.md": Fixture.site], theme: .none)
        try link("themes/default", to: shared.root + "/themes/default", in: site)
        try await site.build()
        #expect(site.exists("public/index.html"))
    }

    // MARK: - Special files

    @Test func aFIFONamedLikeAnItemIsIgnoredNotReadForever() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\n---\n"])
        try fifo("content/notes/pipe.md", in: site)
        try fifo("content/files/pipe.pdf", in: site)
        try await site.build()
        #expect(site.exists("public/notes/a/index.html"))
        #expect(!site.exists("public/notes/pipe/index.html"))
        #expect(!site.exists("public/files/pipe.pdf"))
    }

    @Test func aFIFOWhereSettingsOrASchemaAreExpectedIsRefused() async throws {
        let site = try site()
        try site.remove("content/notes/_index.md")
        try fifo("content/notes/_index.md", in: site)
        try site.remove("themes/default/kinds/link.yml")
        try fifo("themes/default/kinds/link.yml", in: site)
        await site.expectFailure([
            "content/notes/_index.md:1:1: error: cannot read the file: it is not a regular file (a FIFO, socket or device)",
            "themes/default/kinds/link.yml:1:1: error: cannot read the file: it is not a regular file (a FIFO, socket or device)",
        ])
    }

    @Test func aFolderNamedLikeAnItemIsAFolder() async throws {
        let site = try site(["content/notes/odd.md/inner.md": "---\ntitle: Inner\n---\n"])
        try await site.build()
        #expect(site.exists("public/notes/odd-md/inner/index.html"))
    }

    // MARK: - Sizes

    @Test func anEmptyItemFileIsReportedAsMissingItsTitle() async throws {
        let site = try site(["content/notes/empty.md": ""])
        let problems = await site.diagnostics()
        #expect(problems == [
            "content/notes/empty.md:1:1: error: missing required field 'title' for kind 'note'\n  hint: add a line such as 'title: <text of at least 1 character>'",
            "content/notes/empty.md:1:1: note: content/notes/empty.md has no front matter\n  hint: start the file with a block such as:\n---\ntitle: My title\n---",
        ], "\(problems)")
    }

    @Test func emptySettingsAndEmptyStaticFilesAreFine() async throws {
        let site = try site(["content/notes/_index.md": "", "content/files/empty.txt": "",
                             "content/notes/a.md": "---\ntitle: A\nkind: note\n---\n"])
        try await site.build()
        #expect(FileManager.default.contents(atPath: site.root + "/public/files/empty.txt") == Data())
        #expect(site.exists("public/notes/a/index.html"))
    }

    @Test func anItemOverTheSizeLimitIsRefused() async throws {
        let site = try site()
        try site.write(Data("---\ntitle: Big\n---\n".utf8), to: "content/notes/big.md")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: site.root + "/content/notes/big.md"))
        try handle.truncate(atOffset: UInt64(SourceLoader.maxFileSize) + 1)   // sparse: nothing is written
        try handle.close()
        await site.expectFailure([
            "content/notes/big.md:1:1: error: the file is larger than the limit of 8 MiB\n  hint: split it into several items",
        ])
    }

    @Test func anItemJustUnderTheSizeLimitBuilds() async throws {
        let body = String(repeating: "Some words in a paragraph.\n\n", count: (SourceLoader.maxFileSize - 64) / 28)
        let site = try site(["content/notes/long.md": "---\ntitle: Long\n---\n" + body])
        try await site.build()
        #expect(try site.page("notes/long/index.html").hasPrefix("<!DOCTYPE html>"))
    }

    @Test func aLargeStaticFileIsCopiedWhole() async throws {
        let site = try site()
        let size = 3 * SourceLoader.maxFileSize + 12_345
        var bytes = [UInt8](repeating: 0, count: size)
        for index in stride(from: 0, to: size, by: 4096) { bytes[index] = UInt8(truncatingIfNeeded: index / 4096) }
        try site.write(Data(bytes), to: "content/files/video.bin")
        try await site.build()
        #expect(FileManager.default.contents(atPath: site.root + "/public/files/video.bin") == Data(bytes))
    }

    // MARK: - Names

    @Test func oddItemFileNamesBecomeSlugs() async throws {
        let site = try site([
            "content/notes/My Note #1.md": "---\ntitle: One\n---\n",
            "content/notes/-leading-dash.md": "---\ntitle: Dash\n---\n",
            "content/notes/100% sure?.md": "---\ntitle: Sure\n---\n",
            "content/notes/Crème brûlée.md": "---\ntitle: Crème\n---\n",
            "content/notes/東京.md": "---\ntitle: Tokyo\n---\n",
        ])
        try await site.build()
        for url in ["notes/my-note-1/", "notes/leading-dash/", "notes/100-sure/", "notes/creme-brulee/", "notes/東京/"] {
            #expect(site.exists("public/" + url + "index.html"), "\(url)")
        }
        let list = try site.page("notes/index.html")
        #expect(HTML.noteTitles(list).sorted() == ["Crème", "Dash", "One", "Sure", "Tokyo"])
    }

    /// Swift strings compare by canonical equivalence, so `Crème.md` in NFC and in NFD are one key to
    /// every dictionary of the build (and would be one URL): the second is refused.
    @Test func namesThatDifferOnlyInNFCAndNFDAreRefused() async throws {
        let nfc = "Cr\u{E8}me", nfd = "Cre\u{300}me"
        let site = try site()
        try site.write(Data("---\ntitle: NFC\n---\n".utf8), to: "content/notes/\(nfc).md")
        try site.write(Data("---\ntitle: NFD\n---\n".utf8), to: "content/notes/\(nfd).md")
        try site.write(Data("nfc".utf8), to: "content/files/\(nfc).txt")
        try site.write(Data("nfd".utf8), to: "content/files/\(nfd).txt")
        let names = try FileManager.default.contentsOfDirectory(atPath: site.root + "/content/notes")
        try #require(names.count == 3, "this file system normalises names")
        let problems = await site.diagnostics()
        #expect(problems.count == 2, "\(problems)")
        for (problem, folder) in zip(problems, ["files", "notes"]) {
            let ext = folder == "files" ? "txt" : "md"
            #expect(problem.hasPrefix("content/\(folder)/"), "\(problem)")
            #expect(problem.contains(":1:1: error: the file name '"), "\(problem)")
            #expect(problem.hasSuffix("written with other Unicode code points (NFC and NFD)\n  hint: keep one of the two; they would have one URL"), "\(problem)")
            #expect(problem.unicodeScalars.contains("\u{300}") && problem.unicodeScalars.contains("\u{E8}"), "names both spellings")
            #expect(problem.contains(".\(ext)"))
        }
    }

    @Test func copiedFilesKeepTheirNamesAndLinksToThemAreEncoded() async throws {
        let odd = "Report 'v2' \"x\" <b>.pdf"
        let site = try site([
            "content/files/Report #3 (100% final?).pdf": "pdf",
            "content/files/" + odd: "odd",
            "content/files/-rf": "dash",
            "content/files/Cre\u{300}me.txt": "nfd",
            "content/notes/a.md": "---\ntitle: A\n---\n[report](/files/Report%20%233%20(100%25%20final%3F).pdf) [dash](/files/-rf)\n",
        ])
        try await site.build()
        #expect(site.output("files/Report #3 (100% final?).pdf") == "pdf")
        #expect(site.output("files/" + odd) == "odd")
        #expect(site.output("files/-rf") == "dash")
        #expect(site.output("files/Cre\u{300}me.txt") == "nfd")
        let page = try site.page("notes/a/index.html")
        #expect(page.contains("<a href=\"/files/Report%20%233%20%28100%25%20final%3F%29.pdf\">report</a>"), "\(page)")
        #expect(page.contains("<a href=\"/files/-rf\">dash</a>"), "\(page)")
    }

    @Test func aFileNameThatIsNotUTF8IsRefused() async throws {
        let site = try site(["content/notes/a.md": "---\ntitle: A\n---\n"])
        let folder = site.root + "/content/files"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let bytes = Array((folder + "/caf").utf8) + [0xE9] + Array(".txt".utf8) + [0]
        let fd = bytes.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        try #require(fd >= 0)
        close(fd)
        await site.expectFailure([
            "content/files/caf\u{FFFD}.txt:1:1: error: the file name 'caf\u{FFFD}.txt' is not valid UTF-8\n  hint: rename the file; names must be UTF-8 to become URLs",
        ])
    }

    @Test func aFileNameWithControlCharactersIsRefused() async throws {
        let site = try site(["content/files/line\nbreak.txt": "x", "content/files/tab\there.txt": "x",
                             "content/notes/bell\u{7}.md": "---\ntitle: Bell\n---\n"])
        await site.expectFailure([
            "content/files/line\\nbreak.txt:1:1: error: the file name 'line\\nbreak.txt' contains a control character\n  hint: rename the file; names must be printable to become URLs",
            "content/files/tab\\there.txt:1:1: error: the file name 'tab\\there.txt' contains a control character\n  hint: rename the file; names must be printable to become URLs",
            "content/notes/bell\\u{07}.md:1:1: error: the file name 'bell\\u{07}.md' contains a control character\n  hint: rename the file; names must be printable to become URLs",
        ])
    }

    @Test func theLongestNamesTheFileSystemAllowsBuildAndRebuild() async throws {
        let long = String(repeating: "n", count: 252)          // + ".md" = 255 bytes, the most ext4 allows
        let asset = String(repeating: "f", count: 251) + ".pdf"
        let site = try site(["content/notes/\(long).md": "---\ntitle: Long\n---\n", "content/files/\(asset)": "one"])
        try await site.build()
        #expect(site.exists("public/notes/\(long)/index.html"))
        #expect(site.output("files/\(asset)") == "one")
        try site.write(["content/notes/\(long).md": "---\ntitle: Longer\n---\n", "content/files/\(asset)": "two"])
        try await site.build()   // in place this time: temporary names must fit too
        #expect(try site.page("notes/\(long)/index.html").contains("Longer"))
        #expect(site.output("files/\(asset)") == "two")
    }

    @Test func foldersNestedDeeperThanTheLimitAreRefusedWhereTheyCrossIt() async throws {
        let deep = (0...ContentScanner.maxDepth).map { _ in "d" }.joined(separator: "/")
        let site = try site(["content/" + deep + "/x.md": "---\ntitle: X\n---\n"])
        let shown = "content/" + (0...ContentScanner.maxDepth).map { _ in "d" }.joined(separator: "/")
        await site.expectFailure([
            "\(shown):1:1: error: folders nest deeper than 32 levels at \(shown)\n  hint: move the files up; Cellar reads at most 32 levels of folders under content/",
        ])
    }
}

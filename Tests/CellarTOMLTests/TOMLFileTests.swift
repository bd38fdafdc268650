import CellarDiagnostics
import CellarTOML
import CellarTree
import Foundation
import Testing

/// Whole TOML files, as the Hugo importer reads `config.toml` and `hugo.toml`.
@Suite struct TOMLFileTests {
    /// Writes `bytes` to a fresh temporary file and parses it.
    private func parseFile(_ bytes: [UInt8], limits: TOMLLimits = .default) throws(Diagnostic) -> LocatedNode {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-toml-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hugo.toml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return try TOMLParser(limits: limits).parseFile(atPath: path, display: "hugo.toml")
    }

    @Test func aHugoConfigIsReadWithPlacesFromLineOne() throws {
        let config = """
            baseURL = "https://example.org/"
            languageCode = "en-us"
            title = "My Site"
            paginate = 10

            [params]
              description = "A blog"
              [params.social]
                github = "someone"

            [taxonomies]
              tag = "tags"
              category = "categories"

            [[menu.main]]
              name = "Posts"
              url = "/posts/"
              weight = 1

            [[menu.main]]
              name = "About"
              url = "/about/"
              weight = 2

            """
        let root = try parseFile(Array(config.utf8))
        #expect(Outline.lines(root) == [
            "baseURL@1:1 = \"https://example.org/\"@1:11",
            "languageCode@2:1 = \"en-us\"@2:16",
            "title@3:1 = \"My Site\"@3:9",
            "paginate@4:1 = 10@4:12",
            "params@6:2 = {}@6:1",
            "  description@7:3 = \"A blog\"@7:17",
            "  social@8:11 = {}@8:3",
            "    github@9:5 = \"someone\"@9:14",
            "taxonomies@11:2 = {}@11:1",
            "  tag@12:3 = \"tags\"@12:9",
            "  category@13:3 = \"categories\"@13:14",
            "menu@15:3 = {}@15:1",
            "  main@15:8 = []@15:1",
            "    - {}@15:1",
            "      name@16:3 = \"Posts\"@16:10",
            "      url@17:3 = \"/posts/\"@17:9",
            "      weight@18:3 = 1@18:12",
            "    - {}@20:1",
            "      name@21:3 = \"About\"@21:10",
            "      url@22:3 = \"/about/\"@22:9",
            "      weight@23:3 = 2@23:12",
        ])
        #expect(root.location == SourceLocation(file: "hugo.toml", line: 1, column: 1))
    }

    @Test func aByteOrderMarkAndWindowsLineEndingsAreAccepted() throws {
        let root = try parseFile([0xEF, 0xBB, 0xBF] + Array("title = \"A\"\r\n[params]\r\nx = 1\r\n".utf8))
        #expect(Outline.lines(root) == ["title@1:1 = \"A\"@1:9", "params@2:2 = {}@2:1", "  x@3:1 = 1@3:5"])
    }

    @Test func errorsNameTheFileAndTheLine() {
        #expect(throws: Diagnostic.error("duplicate key 'title'; it is already set on line 1",
                                         at: SourceLocation(file: "hugo.toml", line: 3, column: 1),
                                         hint: "keep one of the two lines")) {
            try parseFile(Array("title = \"A\"\n\ntitle = \"B\"\n".utf8))
        }
    }

    @Test func aFileThatIsNotUTF8IsRefused() {
        #expect(throws: Diagnostic.error("the file is not valid UTF-8", at: SourceLocation(file: "hugo.toml"),
                                         hint: "TOML files must be saved as UTF-8")) {
            try parseFile(Array("title = \"Caf".utf8) + [0xE9, 0x22, 0x0A])
        }
    }

    @Test func aFileBeyondTheByteLimitIsRefused() {
        #expect(throws: Diagnostic.error("TOML text is larger than the limit of 64 bytes",
                                         at: SourceLocation(file: "hugo.toml"), hint: "split the file, or move data out of it")) {
            try parseFile(Array(String(repeating: "# a comment line\n", count: 10).utf8), limits: TOMLLimits(maxBytes: 64))
        }
    }

    @Test func aMissingFileIsADiagnosticNotACrash() {
        #expect(throws: Diagnostic.error("cannot read the file", at: SourceLocation(file: "config.toml"),
                                         hint: "check that /nonexistent/config.toml exists and can be read")) {
            try TOMLParser().parseFile(atPath: "/nonexistent/config.toml", display: "config.toml")
        }
    }
}

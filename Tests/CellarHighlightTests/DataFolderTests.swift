@testable import CellarHighlight
import Foundation
import Testing

@Suite struct DataFolderTests {
    @Test func holdsCellarsFilesAndLinksToTheSystemFolder() throws {
        let root = temporaryFolder("root")
        let highlighter = CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: root))
        #expect(highlighter.setupProblem == nil)
        let folder = try #require(highlighter.dataFolder)
        #expect(folder.hasPrefix(root + "/highlight-"))
        #expect(folder.count == root.count + "/highlight-".count + 16)
        for (file, text) in EmbeddedDefinitions.files {
            #expect(try String(contentsOfFile: folder + "/" + file, encoding: .utf8) == text)
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/sh.lang") == "/usr/share/source-highlight/sh.lang")
        let system = try FileManager.default.contentsOfDirectory(atPath: "/usr/share/source-highlight")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == Set(system).union(EmbeddedDefinitions.files.keys).count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == [folder.split(separator: "/").last.map(String.init)!],
                "no staging folder is left behind")
    }

    @Test func isReusedAsItIs() throws {
        let root = temporaryFolder("reused")
        let first = try #require(CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: root)).dataFolder)
        let before = try FileManager.default.attributesOfItem(atPath: first)[.systemFileNumber] as? Int
        let second = try #require(CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: root)).dataFolder)
        #expect(second == first)
        #expect(try FileManager.default.attributesOfItem(atPath: second)[.systemFileNumber] as? Int == before, "the same folder, not a new one")
    }

    @Test func manyProcessesAtOnceGetOneCompleteFolder() async throws {
        let root = temporaryFolder("racing")
        let folders = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<16 {
                group.addTask { HighlightDataFolder.prepare(systemFolder: "/usr/share/source-highlight", roots: [root]).path }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(Set(folders).count == 1)
        let folder = try #require(folders.first ?? nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).count == 1, "the losers removed their staging folders")
        #expect(try String(contentsOfFile: folder + "/swift.lang", encoding: .utf8) == EmbeddedDefinitions.files["swift.lang"])
    }

    @Test func aDamagedFolderIsReplaced() throws {
        let root = temporaryFolder("damaged")
        let folder = try #require(CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: root)).dataFolder)
        try "keyword = \"oops\"\n".write(toFile: folder + "/swift.lang", atomically: false, encoding: .utf8)
        let again = CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: root))
        #expect(again.dataFolder == folder)
        #expect(try String(contentsOfFile: folder + "/swift.lang", encoding: .utf8) == EmbeddedDefinitions.files["swift.lang"])
        #expect(again.highlight("let x = 1\n", language: "swift").html.contains(span("keyword", "let")))
    }

    @Test func withoutTheSystemFolderOnlyCellarsLanguagesAreHighlighted() throws {
        let missing = temporaryFolder("no-system") + "/source-highlight"
        let highlighter = CodeHighlighter.prepare(CodeHighlighter.Configuration(systemDataFolder: missing, cacheFolder: temporaryFolder("cache")))
        #expect(highlighter.setupProblem == "GNU Source-highlight's data folder \(missing) is missing or has no lang.map: "
            + "only Swift, YAML, TOML and Markdown code blocks are highlighted; the others are shown as plain code "
            + "(install the Debian package libsource-highlight-common)")
        #expect(highlighter.highlight("let x = 1\n", language: "swift").isHighlighted)
        #expect(highlighter.highlight("key: 1\n", language: "yml").isHighlighted)
        let shell = highlighter.highlight("echo <hi>\n", language: "bash")
        #expect(!shell.isHighlighted)
        #expect(shell.problems == [], "the setup problem is said once, not for every block")
        #expect(shell.html == "<pre class=\"highlight\" data-lang=\"sh\"><code>echo &lt;hi&gt;\n</code></pre>")
    }

    @Test func withoutAnyCacheFolderNothingIsHighlighted() throws {
        let file = temporaryFolder("blocked") + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        let highlighter = CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: file + "/cellar"))
        #expect(highlighter.dataFolder == nil)
        let problem = try #require(highlighter.setupProblem)
        #expect(problem.hasPrefix("syntax highlighting is off: no data folder could be made for GNU Source-highlight (\(file)/cellar: cannot create"))
        let block = highlighter.highlight("let x = 1 < 2\n", language: "swift")
        #expect(!block.isHighlighted)
        #expect(block.html == "<pre class=\"highlight\" data-lang=\"swift\"><code>let x = 1 &lt; 2\n</code></pre>")
    }

    @Test func aFolderOthersMayWriteIsNotUsed() throws {
        let shared = temporaryFolder("shared")
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared)
        let fallback = temporaryFolder("fallback")
        let folder = HighlightDataFolder.prepare(systemFolder: "/usr/share/source-highlight", roots: [shared, fallback])
        #expect(folder.path?.hasPrefix(fallback + "/highlight-") == true)
        #expect(folder.problem == nil)
    }

    @Test func defaultRootsFollowXDGThenHomeThenTheTemporaryFolder() {
        #expect(HighlightDataFolder.defaultRoots(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a", "TMPDIR": "/t/"])
            == ["/x/cache/cellar", "/home/a/.cache/cellar", "/t/cellar-\(getuid())"])
        #expect(HighlightDataFolder.defaultRoots(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"])
            == ["/home/a/.cache/cellar", "/tmp/cellar-\(getuid())"])
        #expect(HighlightDataFolder.defaultRoots(environment: [:]) == ["/tmp/cellar-\(getuid())"])
    }
}

import CellarDiagnostics
@testable import CellarEngine
import Testing

/// Splitting a content file into front matter and body: fences, line numbers, what is refused.
@Suite struct FrontMatterSplitterTests {
    let splitter = FrontMatterSplitter()

    @Test func yamlBetweenDashesAndTheBodyAfter() throws {
        let parts = try splitter.split("---\ntitle: A\ndate: 2024-01-02\n---\nBody line.\n", file: "a.md")
        #expect(parts.frontMatter == "title: A\ndate: 2024-01-02\n")
        #expect(parts.frontMatterFirstLine == 2)
        #expect(parts.body == "Body line.\n")
        #expect(parts.bodyFirstLine == 5)
    }

    @Test(arguments: ["---   \ntitle: A\n...\nBody", "---\ntitle: A\n---  \nBody", "---\ttitle\n"])
    func fencesMayEndWithBlanksAndTheYAMLMayEndWithDots(_ text: String) throws {
        if text.hasPrefix("---\t") {
            // A tab straight after the dashes makes the line no fence at all: the file is all body.
            #expect(try splitter.split(text, file: "a.md").frontMatter == nil)
        } else {
            let parts = try splitter.split(text, file: "a.md")
            #expect(parts.frontMatter == "title: A\n")
            #expect(parts.body == "Body")
        }
    }

    @Test func aFileWithoutAFenceIsAllBody() throws {
        let parts = try splitter.split("# Title\n\n---\nnot front matter\n", file: "a.md")
        #expect(parts.frontMatter == nil)
        #expect(parts.body == "# Title\n\n---\nnot front matter\n")
        #expect(parts.bodyFirstLine == 1)
    }

    @Test func emptyFrontMatterAndAnEmptyBody() throws {
        let parts = try splitter.split("---\n---\n", file: "a.md")
        #expect(parts.frontMatter == "")
        #expect(parts.body == "")
        #expect(parts.bodyFirstLine == 3)
    }

    @Test func anUnclosedFenceIsAnErrorAtLineOne() {
        #expect {
            try splitter.split("---\ntitle: A\nbody without an end\n", file: "posts/a.md")
        } throws: { error in
            let diagnostic = error as? Diagnostic
            return diagnostic?.headline == "posts/a.md:1:1: error: the front matter opened on line 1 is never closed"
                && diagnostic?.hint == "end the front matter with a line of three dashes: ---"
        }
    }

    @Test func tomlBetweenPlusSigns() throws {
        let parts = try splitter.split("+++\ntitle = \"A\"\n+++\nBody\n", file: "a.md")
        #expect(parts.format == .toml)
        #expect(parts.frontMatter == "title = \"A\"\n")
        #expect(parts.body == "Body\n")
        // Only the fence that opened it closes it.
        #expect(try splitter.split("+++\ntitle = \"A\"\n---\n+++\n", file: "a.md").frontMatter == "title = \"A\"\n---\n")
    }

    @Test func fourDashesAreNoFence() throws {
        #expect(try splitter.split("----\ntitle: A\n----\n", file: "a.md").frontMatter == nil)
    }

    @Test func readTurnsBytesIntoAPlacedTree() throws {
        let (parts, node) = try FrontMatterSplitter.read(Array("\u{FEFF}---\r\ntitle: A\r\n---\r\nBody\r\n".utf8), file: "a.md")
        #expect(parts.body == "Body\n")
        #expect(node?["title"]?.scalar == "A")
        #expect(node?["title"]?.location.line == 2)
        #expect(node?["title"]?.location.column == 8)
    }
}

import CellarHighlight
import Foundation
import Testing

@Suite struct EscapingTests {
    static let languages = ["swift", "yaml", "toml", "markdown", "sh", "html", "javascript", "python", "cpp", "text", "klingon"]

    @Test(arguments: languages)
    func hostileCodeIsEscaped(_ language: String) {
        let code = "</pre><script>alert('x & \"y\"')</script>\n<!-- --> &amp; <img src=x onerror=alert(1)>\n"
        let html = testHighlighter.highlight(code, language: language).html
        #expect(!html.contains("<script"))
        #expect(!html.contains("</pre><"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<!--"))
        #expect(html.hasPrefix("<pre class=\"highlight\""))
        #expect(html.hasSuffix("</code></pre>"))
        #expect(Self.text(of: html) == code, "removing the tags and decoding the entities gives the code back (so `&amp;` is shown, not read)")
    }

    @Test(arguments: languages)
    func nulBecomesReplacementCharacter(_ language: String) {
        let html = testHighlighter.highlight("let a\u{0}b = \"\u{0}\"\n", language: language).html
        #expect(!html.unicodeScalars.contains("\u{0}"))
        #expect(html.contains("\u{FFFD}"))
    }

    @Test func invalidUTF8IsReplaced() {
        let code = String(decoding: Array("let s = \"".utf8) + [0xC3, 0x28, 0xFF] + Array("\"\n".utf8), as: UTF8.self)
        let html = highlighted(code, "swift")
        #expect(html.contains("\u{FFFD}(\u{FFFD}"))
    }

    @Test(arguments: ["swift", "yaml", "toml", "markdown", "sh", "python"])
    func multiByteCharactersAreNeverCut(_ language: String) {
        let code = "été = \"naïve café\" // 日本語 🎉\nΔx: é\n[é]\n"
        let html = testHighlighter.highlight(code, language: language).html
        #expect(!html.contains("\u{FFFD}"))
        #expect(Self.text(of: html) == code)
    }

    @Test func carriageReturnsEndLines() {
        let html = highlighted("let a = 1\r\nlet b = 2\rlet c = 3\r\n", "swift")
        #expect(!html.contains("\r"))
        #expect(Self.text(of: html) == "let a = 1\nlet b = 2\nlet c = 3\n")
    }

    @Test func longLinesAreHighlighted() {
        let line = "let values = [" + (0..<800).map { "\"item \($0)\"" }.joined(separator: ", ") + "]\n"
        #expect(line.utf8.count > 9_000 && line.utf8.count < CodeHighlighter.maximumLineLength)
        let block = testHighlighter.highlight(line, language: "swift")
        #expect(block.isHighlighted)
        #expect(block.html.contains(span("string", "&quot;item 799&quot;")))
    }

    @Test func tooLongLinesAreShownPlain() {
        let line = "let data = \"" + String(repeating: "A", count: CodeHighlighter.maximumLineLength) + "\"\n"
        let block = testHighlighter.highlight("let x = 1\n" + line, language: "swift")
        #expect(!block.isHighlighted)
        #expect(block.problems.map(\.kind) == [.highlightingFailed])
        #expect(block.problems.first?.message.hasPrefix("line 2 of this swift block has \(line.utf8.count - 1) bytes") == true)
        #expect(Self.text(of: block.html) == "let x = 1\n" + line)
    }

    @Test func tenThousandLineBlock() {
        let code = (1...10_000).map { "let value\($0) = \($0) // line \($0)" }.joined(separator: "\n") + "\n"
        let block = testHighlighter.highlight(code, language: "swift", options: CodeBlockOptions(lineNumbers: .inline))
        #expect(block.isHighlighted)
        #expect(block.html.components(separatedBy: "<span class=\"hl-line\">").count == 10_001)
        #expect(block.html.contains("data-ln=\"10000\""))
        #expect(block.html.contains(span("number", "10000") + " " + span("comment", "// line 10000")))
    }

    @Test func slowBlocksStopAtTheTimeLimit() {
        let hurried = CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: temporaryFolder("hurried"), timeLimit: .milliseconds(20)))
        let line = (0..<400).map { "echo $x\($0) | tr a b;" }.joined(separator: " ")
        let block = hurried.highlight(String(repeating: line + "\n", count: 20), language: "sh")
        #expect(!block.isHighlighted)
        #expect(block.problems.map(\.kind) == [.highlightingFailed])
        #expect(block.problems.first?.message == "highlighting this sh block took more than 20 ms of CPU time: it is shown as plain code")
        #expect(hurried.highlight("echo hi\n", language: "sh").isHighlighted, "the next block has its own time")
    }

    /// The text a browser shows: tags removed, the five entities decoded.
    static func text(of html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}

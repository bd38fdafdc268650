@testable import CellarHighlight
import Testing

@Suite struct CodeLinesTests {
    @Test(arguments: [
        ("", "", 0),
        ("\n", "", 1),
        ("a", "a", 1),
        ("a\n", "a", 1),
        ("a\n\n", "a\n", 2),
        ("a\nbc\n", "a\nbc", 2),
        ("a\r\nb\r\n", "a\nb", 2),
        ("a\rb", "a\nb", 2),
        ("a\r\r\nb", "a\n\nb", 3),
        ("\r", "", 1),
    ])
    func linesAreSplitAsCommonMarkSplitsThem(_ code: String, _ joined: String, _ count: Int) {
        let lines = CodeLines(code)
        #expect(lines.bytes == Array(joined.utf8))
        #expect(lines.count == count)
    }

    @Test(arguments: ["ab\nabcd\nabc\n", "ab\r\nabcd\r\nabc\r\n"])
    func longestLine(_ code: String) {
        #expect(CodeLines(code).longestLine?.index == 2)
        #expect(CodeLines(code).longestLine?.length == 4)
        #expect(CodeLines("").longestLine == nil)
    }
}

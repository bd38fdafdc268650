import Foundation

/// The examples of a CommonMark-style spec file (`spec.txt`, `extensions.txt`): a fence of 32 backticks
/// and ` example` (plus the extension's name), the Markdown, a line holding `.`, the HTML, a closing
/// fence; `→` stands for a tab.
struct GFMSpecFile {
    struct Example {
        var markdown: String
        var html: String
        /// The word after `example` (`table`, `strikethrough`, `autolink`, `tagfilter`, `disabled`), if any.
        var tag: String?
        var section: String
        var line: Int
        var file: String
    }

    private(set) var examples: [Example] = []

    init(path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let fence = String(repeating: "`", count: 32)
        var section = ""
        var state = 0   // 0 outside, 1 Markdown, 2 HTML
        var markdown: [Substring] = []
        var html: [Substring] = []
        var tag: String?
        var start = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            switch state {
            case 0:
                if line.hasPrefix(fence + " example") {
                    let word = line.dropFirst(fence.count + " example".count).trimmingCharacters(in: .whitespaces)
                    tag = word.isEmpty ? nil : word
                    markdown = []
                    html = []
                    start = index + 1
                    state = 1
                } else if line.hasPrefix("#") {
                    section = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
                }
            case 1:
                if line == "." { state = 2 } else { markdown.append(line) }
            default:
                if line == fence {
                    examples.append(Example(markdown: Self.text(markdown), html: Self.text(html), tag: tag,
                                            section: section, line: start, file: name))
                    state = 0
                } else {
                    html.append(line)
                }
            }
        }
    }

    private static func text(_ lines: [Substring]) -> String {
        lines.isEmpty ? "" : lines.joined(separator: "\n").replacingOccurrences(of: "→", with: "\t") + "\n"
    }
}

import CellarHighlight
import Testing

/// The engine renders bodies on every core: highlighting from many tasks at once, including the
/// first use of each definition (parsed under the shim's lock), must give what one thread gives.
/// `swift test --sanitize=thread` runs this under ThreadSanitizer.
@Suite struct ConcurrencyTests {
    static let samples: [(String, String)] = [
        ("swift", "@MainActor struct A { let s = \"\\(x) é\" /* c */ ; var n = 0x1F }\n"),
        ("yaml", "title: \"x\" # c\nlist: [a, 'b']\nblock: |\n  text\n"),
        ("toml", "[t]\nkey = \"v\" # c\nday = 1979-05-27\n"),
        ("markdown", "# H\n*em* `code`\n"),
        ("sh", "for f in *; do echo \"$f\"; done # c\n"),
        ("python", "def f(x):\n    return f\"{x}\"  # c\n"),
        ("cpp", "#include <x>\nint main() { return 0; } // c\n"),
        ("rust", "fn main() { let s = r#\"raw\"#; }\n"),        // dynamic backreferences: serialised
        ("lua", "--[[ long\ncomment ]] print(1)\n"),            // dynamic backreferences: serialised
        ("javascript", "const x = /re/g.test(`t`); // c\n"),
        ("diff", "-old\n+new\n"),
        ("text", "plain <b>\n"),
    ]

    @Test func manyTasksAtOnceDrawWhatOneDraws() async {
        // A fresh data folder: every definition is parsed again, by whichever task comes first.
        let highlighter = CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: temporaryFolder("concurrent")))
        let rounds = 24
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for round in 0..<rounds {
                for (index, sample) in Self.samples.enumerated() {
                    group.addTask {
                        let options = CodeBlockOptions(lineNumbers: round % 2 == 0 ? .inline : nil, markedLines: [1...1])
                        return (index, highlighter.highlight(sample.1, language: sample.0, options: options).html)
                    }
                }
            }
            return await group.reduce(into: [Int: Set<String>]()) { $0[$1.0, default: []].insert($1.1) }
        }
        for (index, sample) in Self.samples.enumerated() {
            let expected: Set<String> = [
                highlighter.highlight(sample.1, language: sample.0, options: CodeBlockOptions(lineNumbers: .inline, markedLines: [1...1])).html,
                highlighter.highlight(sample.1, language: sample.0, options: CodeBlockOptions(markedLines: [1...1])).html,
            ]
            #expect(results[index] == expected, "\(sample.0)")
        }
    }
}

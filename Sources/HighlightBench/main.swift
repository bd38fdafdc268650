// Times CellarHighlight on the benchmark's shape: many items, each with a 30-line Swift block,
// every block different (item numbers in names, strings and numbers), highlighted once each.
// Prints the cost per block on one thread and on all cores, per matcher, and for a few other languages.
// Run: swift build -c release --product highlight-bench && .build/release/highlight-bench [blocks]
// (HIGHLIGHT_BENCH_PCRE2_ONLY=1: the Swift blocks with PCRE2 only, for profiling)
import CellarHighlight
import Dispatch
import Foundation

func swiftBlock(_ item: Int) -> String {
    """
    import Foundation

    /// A cell that draws review \(item).
    @MainActor public struct ReviewCell\(item): CellTemplate {
        public typealias Item = Review
        private lazy var formatter = DateFormatter()
        /* outer /* nested */ comment \(item) */

        public func render(_ item: Review) async throws -> String {
            let stars = String(repeating: "*", count: item.rating)
            guard item.rating >= 0 && item.rating <= \(item % 11) else {
                throw CellError.outOfRange(item.rating, 0x\(String(item, radix: 16)))
            }
            // the title, escaped
            var html = "<h2>\\(item.title.escaped)</h2>"
            html += "<p class=\\"stars\\">\\(stars)</p>"
            if let date = item.date {
                html += "<time>\\(formatter.string(from: date))</time>"
            }
            for tag in item.tags where !tag.isEmpty {
                html += #"<a href="/tags/\\#(tag)/">#\\#(tag)</a>"#
            }
            let weight = Double(item.words) * \(item).5e-3
            return html + String(1_000_000 + \(item)) + "\\(weight)"
        }

        nonisolated func id() -> Int { \(item) }
        static let shared = ReviewCell\(item)()
        @available(*, deprecated, message: "use render(_:)") var legacy: Bool { false }
    }

    """
}

func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func wallSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 10_000 : 10_000
let blocks = (0..<count).map(swiftBlock)
precondition(blocks[0].split(separator: "\n", omittingEmptySubsequences: false).count == 31, "30 lines and the final newline")

let onlyPCRE2 = ProcessInfo.processInfo.environment["HIGHLIGHT_BENCH_PCRE2_ONLY"] != nil

// Set-up: the data folder made in a fresh cache folder, then found again; first use of a definition.
let cache = NSTemporaryDirectory() + "highlight-bench-\(getpid())"
var wall0 = wallSeconds()
let cold = CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: cache))
let coldSeconds = wallSeconds() - wall0
wall0 = wallSeconds()
_ = CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: cache))
print(String(format: "prepare: %.1f ms making the data folder, %.1f ms finding it again", coldSeconds * 1e3, (wallSeconds() - wall0) * 1e3))
for language in ["swift", "yaml", "toml", "markdown", "sh", "cpp"] {
    wall0 = wallSeconds()
    _ = cold.highlight("x\n", language: language)
    print(String(format: "first %@ block (parses the definition): %.1f ms", language, (wallSeconds() - wall0) * 1e3))
}
try? FileManager.default.removeItem(atPath: cache)

for matcher in CodeHighlighter.Matcher.allCases where !(onlyPCRE2 && matcher == .boost) {
    let highlighter = CodeHighlighter.prepare(CodeHighlighter.Configuration(matcher: matcher))
    if let problem = highlighter.setupProblem { print("setup: \(problem)") }
    _ = highlighter.highlight(blocks[0], language: "swift")   // parse the definition first
    let runs = matcher == .boost ? min(count, 2_000) : count

    var bytes = 0
    let cpu0 = cpuSeconds(), wall0 = wallSeconds()
    for block in blocks.prefix(runs) {
        let result = highlighter.highlight(block, language: "swift")
        precondition(result.isHighlighted && result.problems.isEmpty)
        bytes += result.html.utf8.count
    }
    let cpu = cpuSeconds() - cpu0, wall = wallSeconds() - wall0
    print(String(format: "%@ swift, 1 thread: %.1f µs/block CPU, %.1f µs/block wall (%d blocks, %.1f KB HTML each)",
                 matcher.rawValue, cpu / Double(runs) * 1e6, wall / Double(runs) * 1e6, runs, Double(bytes) / Double(runs) / 1000))

    let cores = ProcessInfo.processInfo.activeProcessorCount
    let wallParallel0 = wallSeconds(), cpuParallel0 = cpuSeconds()
    DispatchQueue.concurrentPerform(iterations: runs) { index in
        _ = highlighter.highlight(blocks[index], language: "swift")
    }
    let wallParallel = wallSeconds() - wallParallel0, cpuParallel = cpuSeconds() - cpuParallel0
    print(String(format: "%@ swift, %d threads: %.0f ms wall for %d blocks (%.1f µs/block wall, %.1f µs/block CPU)",
                 matcher.rawValue, cores, wallParallel * 1e3, runs, wallParallel / Double(runs) * 1e6, cpuParallel / Double(runs) * 1e6))
}

if onlyPCRE2 { exit(0) }
let highlighter = CodeHighlighter.prepare()
let others: [(String, String)] = [
    ("sh", String(repeating: "for f in *.md; do\n  echo \"$f\" | sed -e 's/a/b/g' > \"${f%.md}.txt\" # convert\ndone\n", count: 10)),
    ("python", String(repeating: "def render(item, *, escape=True):\n    return f\"<h2>{item.title!r}</h2>\" if escape else 'x'  # note\n\n", count: 10)),
    ("yaml", String(repeating: "title: \"Dune\" # the film\ntags: [sci-fi, 'epic']\nrating: 9\n", count: 10)),
    ("toml", String(repeating: "[params]\ntitle = \"Dune\" # the film\nreleased = 2021-10-22\n", count: 10)),
]
for (language, code) in others {
    _ = highlighter.highlight(code, language: language)
    let runs = 2_000
    let cpu0 = cpuSeconds()
    for _ in 0..<runs { _ = highlighter.highlight(code, language: language) }
    print(String(format: "pcre2 %@ (30 lines), 1 thread: %.1f µs/block CPU", language, (cpuSeconds() - cpu0) / Double(runs) * 1e6))
}

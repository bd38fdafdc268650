import AnnotatedLocking
import CellarDiagnostics
import CellarHighlight
import CellarMarkdown
import Synchronization

/// Draws the fenced code blocks of Markdown bodies with the highlighter, at build time, within
/// the build's ``HighlightBudget``, and turns what it had to say about them — an unknown language,
/// a malformed `{linenos=… hl_lines=…}`, a block too slow to colour — into diagnostics at the
/// fence's place.
struct CodeBlockHighlighting: Sendable {
    let highlighter: CodeHighlighter
    /// The build's highlighting time; each body draws on it through a share of its own.
    var budget: HighlightBudget?

    /// What the blocks of one body reported, gathered while it renders.
    final class Reports: Sendable {
        private let found = Mutex<[(block: MarkdownCodeBlock, problems: [HighlightProblem])]>([])
        /// The body's share of the budget, and the first block it left plain.
        private let time = Mutex<(share: FileHighlightBudget?, firstPlain: MarkdownCodeBlock?)>((nil, nil))

        fileprivate func add(_ block: MarkdownCodeBlock, problems: [HighlightProblem]) {
            found.withAnnotatedLock { $0.append((block, problems)) }
        }

        fileprivate func attach(_ share: FileHighlightBudget?) {
            time.withAnnotatedLock { $0.share = share }
        }

        /// Notes `block` if it is the first one the budget left plain.
        fileprivate func drew(_ block: MarkdownCodeBlock) {
            time.withAnnotatedLock { time in
                guard time.firstPlain == nil, let cutoff = time.share?.cutoff, cutoff.line == block.line else { return }
                time.firstPlain = block
            }
        }

        var all: [(block: MarkdownCodeBlock, problems: [HighlightProblem])] {
            let cut = time.withAnnotatedLock { time in time.firstPlain.flatMap { block in time.share?.cutoff.map { (block, $0) } } }
            let found = found.withAnnotatedLock { $0 }
            guard let (block, cutoff) = cut else { return found }
            return found + [(block, [CodeBlockHighlighting.problem(cutoff)])]
        }
    }

    /// `markdown` drawing the fenced blocks that name a language with the highlighter, those of
    /// the body of `file` (which starts on its line `firstLine`) within one share of the budget;
    /// their problems go to `reports`.
    func renderer(_ markdown: MarkdownRenderer, file: String, firstLine: Int, reporting reports: Reports? = nil) -> MarkdownRenderer {
        var markdown = markdown
        let highlighter = self.highlighter
        let share = budget?.file(file, firstLine: firstLine)
        reports?.attach(share)
        markdown.codeBlockRenderer = { block in
            guard let language = block.language else { return nil }   // indented, or a fence without a language
            let drawn = highlighter.highlight(block.code, language: language, attributes: block.attributes, line: block.line,
                                              within: share)
            if !drawn.problems.isEmpty { reports?.add(block, problems: drawn.problems) }
            if !drawn.isHighlighted { reports?.drew(block) }
            return drawn.html
        }
        return markdown
    }

    /// The warning at the first block a budget left plain.
    static func problem(_ cutoff: FileHighlightBudget.Cutoff) -> HighlightProblem {
        let left = cutoff.blocks > 1 ? "this block and the \(cutoff.blocks - 1) after it" + (cutoff.share == .build ? " in this file are" : " are")
            : "this block is"
        let (whose, setting) = switch cutoff.share {
        case .file: ("this file", "highlight_seconds_per_file")
        case .build: ("this build", "highlight_seconds_per_build")
        }
        let slowest = cutoff.slowest.map { "; the slowest " + (cutoff.share == .build ? "so far " : "") + "is \($0)" } ?? ""
        return HighlightProblem(
            .highlightingFailed,
            "the code blocks of \(whose) took \(cutoff.limit.shortDescription) of CPU time to colour, all they may take: "
                + "\(left) shown as plain code\(slowest)",
            hint: "allow more with `markdown: {\(setting): …}` in content/_index.md, or write `text` after the fence of a block that needs no colours")
    }

    /// The diagnostics of `reports` for a body that starts on `firstLine` of `file`. An unknown
    /// language is a note at the language (the code is shown plain); a problem with the options is a
    /// warning where it is in them.
    static func diagnostics(_ reports: Reports, markdown: String, file: String, firstLine: Int) -> [Diagnostic] {
        let found = reports.all
        guard !found.isEmpty else { return [] }   // the common case: nothing to place, no need to cut the body into lines
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        var diagnostics: [Diagnostic] = []
        for (block, problems) in found {
            let text = block.line - 1 < lines.count ? lines[block.line - 1] : ""
            let (language, attributes) = columns(in: text, of: block)
            for problem in problems {
                let column = problem.kind == .unknownLanguage || problem.offset == nil ? language : attributes
                var diagnostic = problem.diagnostic(attributesAt: SourceLocation(file: file, line: firstLine + block.line - 1,
                                                                                 column: column))
                if problem.kind == .unknownLanguage { diagnostic.severity = .note }
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    /// The columns (in Unicode scalars) where the fence line's language and its attributes start.
    private static func columns(in line: Substring, of block: MarkdownCodeBlock) -> (language: Int, attributes: Int) {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        while index < scalars.count, scalars[index] == "`" || scalars[index] == "~" { index += 1 }
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        let language = index + 1
        index += block.language?.unicodeScalars.count ?? 0
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        return (language, index + 1)
    }
}

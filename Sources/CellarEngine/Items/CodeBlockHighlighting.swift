import AnnotatedLocking
import CellarDiagnostics
import CellarHighlight
import CellarMarkdown
import Synchronization

/// Draws the fenced code blocks of Markdown bodies with the highlighter, at build time, and turns
/// what it had to say about them — an unknown language, a malformed `{linenos=… hl_lines=…}` —
/// into diagnostics at the fence's place.
struct CodeBlockHighlighting: Sendable {
    let highlighter: CodeHighlighter

    /// What the blocks of one body reported, gathered while it renders.
    final class Reports: Sendable {
        private let found = Mutex<[(block: MarkdownCodeBlock, problems: [HighlightProblem])]>([])

        fileprivate func add(_ block: MarkdownCodeBlock, problems: [HighlightProblem]) {
            found.withAnnotatedLock { $0.append((block, problems)) }
        }

        var all: [(block: MarkdownCodeBlock, problems: [HighlightProblem])] { found.withAnnotatedLock { $0 } }
    }

    /// `markdown` drawing the fenced blocks that name a language with the highlighter; their problems go to `reports`.
    func renderer(_ markdown: MarkdownRenderer, reporting reports: Reports? = nil) -> MarkdownRenderer {
        var markdown = markdown
        let highlighter = self.highlighter
        markdown.codeBlockRenderer = { block in
            guard let language = block.language else { return nil }   // indented, or a fence without a language
            let drawn = highlighter.highlight(block.code, language: language, attributes: block.attributes)
            if !drawn.problems.isEmpty { reports?.add(block, problems: drawn.problems) }
            return drawn.html
        }
        return markdown
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

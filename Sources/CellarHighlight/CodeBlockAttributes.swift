import CellarDiagnostics

/// The attribute part of a fence's info string, read as Hugo reads it: the options between braces,
/// `key=value` separated by blanks or commas, values bare or quoted, `hl_lines` a list.
///
/// ```swift
/// let attributes = CodeBlockAttributes(parsing: #"{linenos=table hl_lines=[2,"4-5"] linenostart=10}"#)
/// attributes.options.markedLines   // [2...2, 4...5]
/// ```
/// Anything malformed becomes a ``HighlightProblem`` at its place; the options keep what was valid.
package struct CodeBlockAttributes: Sendable, Hashable {
    package var options: CodeBlockOptions
    package var problems: [HighlightProblem]
    /// Where the `hl_lines` value starts, to place problems found once the block's length is known.
    var markedLinesOffset: Int?

    /// The options Cellar reads.
    static let knownKeys = ["linenos", "linenostart", "hl_lines"]
    /// Hugo's other options, which have no effect here, and why.
    static let ignoredKeys: [String: String] = [
        "style": "Cellar highlights with CSS classes: style the hl-* classes in the theme",
        "noclasses": "Cellar highlights with CSS classes, never inline styles",
        "anchorlinenos": "line numbers are drawn by CSS and are not links",
        "lineanchors": "line numbers are drawn by CSS and are not links",
        "hl_inline": "code blocks are always drawn in a <pre>",
        "guesssyntax": "name the language after the opening fence instead",
        "tabwidth": "tabs are kept as they are; set tab-size in CSS",
        "linenumbersintable": "write linenos=table or linenos=inline",
    ]

    package init(options: CodeBlockOptions = CodeBlockOptions(), problems: [HighlightProblem] = []) {
        self.options = options
        self.problems = problems
    }

    /// Parses `text`, the info string after the language (`{linenos=true hl_lines=[2,"4-5"]}`).
    /// Text outside the braces is ignored, as CommonMark leaves it to the renderer.
    package init(parsing text: String) {
        self.init()
        var scanner = AttributeScanner(text)
        guard scanner.skip(to: "{") else { return }
        let open = scanner.offset
        scanner.advance()
        var seen: Set<String> = []
        while true {
            scanner.skipSeparators()
            guard let scalar = scanner.current else {
                problems.append(HighlightProblem(.malformedOption, "the code block options are not closed",
                                                 hint: "end them with '}'", offset: open))
                return
            }
            if scalar == "}" { return }
            let keyStart = scanner.offset
            let key = scanner.word()
            if key.isEmpty {
                problems.append(HighlightProblem(.malformedOption, "unexpected '\(scalar)' in the code block options",
                                                 hint: "write options as key=value, such as linenos=table", offset: keyStart))
                scanner.skipToken()
                continue
            }
            if key.hasPrefix(".") || key.hasPrefix("#") {
                problems.append(HighlightProblem(.ignoredOption, "'\(key)' has no effect",
                                                 hint: "code blocks take no classes or ids; the options are linenos, linenostart and hl_lines", offset: keyStart))
                continue
            }
            guard scanner.current == "=" else {
                problems.append(HighlightProblem(.malformedOption, "'\(key)' has no value",
                                                 hint: Self.valueHint(for: key), offset: keyStart))
                continue
            }
            scanner.advance()
            let valueStart = scanner.offset
            guard let value = scanner.value() else {
                problems.append(HighlightProblem(.malformedOption, "the value of '\(key)' is not closed",
                                                 hint: "close the quote or bracket that opens it", offset: valueStart))
                return
            }
            let name = key.lowercased()
            if seen.contains(name), Self.knownKeys.contains(name) {
                problems.append(HighlightProblem(.malformedOption, "'\(key)' is given twice; the last one counts", offset: keyStart))
            }
            seen.insert(name)
            apply(name, key: key, value: value, at: valueStart, keyAt: keyStart)
        }
    }

    private mutating func apply(_ name: String, key: String, value: AttributeValue, at offset: Int, keyAt keyOffset: Int) {
        switch name {
        case "linenos":
            switch value.text.lowercased() {
            case "true", "table": options.lineNumbers = .table
            case "inline": options.lineNumbers = .inline
            case "false": options.lineNumbers = nil
            default:
                problems.append(HighlightProblem(.malformedOption, "'\(key)' must be true, false, table or inline, found \(value.quoted)", offset: offset))
            }
        case "linenostart":
            if let number = Int(value.text), number >= 0 {
                options.firstLineNumber = number
            } else {
                problems.append(HighlightProblem(.malformedOption, "'\(key)' must be a whole number from 0, found \(value.quoted)", offset: offset))
            }
        case "hl_lines":
            markedLinesOffset = offset
            options.markedLines = []
            for item in value.items {
                if let range = Self.lineRange(item.text) {
                    options.markedLines.append(range)
                } else {
                    problems.append(HighlightProblem(.malformedOption, "'\(key)' must list line numbers and ranges such as [2,\"4-5\"], found \(AttributeValue(text: item.text).quoted)",
                                                     hint: Self.lineRangeHint(item.text), offset: item.offset))
                }
            }
        default:
            if let reason = Self.ignoredKeys[name] {
                problems.append(HighlightProblem(.ignoredOption, "'\(key)' has no effect", hint: reason, offset: keyOffset))
            } else {
                let suggestion = Suggestion.closest(to: name, in: Self.knownKeys)
                problems.append(HighlightProblem(.unknownOption, "unknown code block option '\(key)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                                                 hint: "the options are linenos, linenostart and hl_lines", offset: keyOffset))
            }
        }
    }

    private static func valueHint(for key: String) -> String {
        switch key.lowercased() {
        case "linenos": "write linenos=table or linenos=inline"
        case "linenostart": "write linenostart=10"
        case "hl_lines": #"write hl_lines=[2,"4-5"]"#
        default: "write options as key=value"
        }
    }

    /// `N` or `N-M`, lines counted from 1, `N` ≤ `M`.
    static func lineRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
              let first = Int(parts[0]), first >= 1 else { return nil }
        let last = parts.count == 2 ? Int(parts[1]) : first
        guard let last, last >= first else { return nil }
        return first...last
    }

    private static func lineRangeHint(_ text: String) -> String? {
        let parts = text.split(separator: "-", maxSplits: 1)
        if parts.count == 2, let first = Int(parts[0]), let last = Int(parts[1]), last < first {
            return "a range starts at its lower line: write \"\(last)-\(first)\""
        }
        if let number = Int(text), number < 1 { return "lines are counted from 1" }
        return nil
    }

    /// Problems that need the block's line count: marked lines past its end.
    func problems(forLineCount count: Int) -> [HighlightProblem] {
        options.markedLines.compactMap { range in
            guard range.upperBound > count else { return nil }
            let text = range.count == 1 ? "line \(range.lowerBound)" : "lines \(range.lowerBound)-\(range.upperBound)"
            return HighlightProblem(.lineOutOfRange, "hl_lines marks \(text), but the block has \(count) line\(count == 1 ? "" : "s")",
                                    hint: "hl_lines counts from the block's first line, whatever linenostart says", offset: markedLinesOffset)
        }
    }
}

import Foundation

/// Highlights code blocks at build time with GNU Source-highlight: HTML with CSS classes
/// (`<span class="hl-keyword">`), no JavaScript.
///
/// ```swift
/// let highlighter = CodeHighlighter.prepare()          // once per process: finds or makes its data folder
/// if let problem = highlighter.setupProblem { report(problem) }   // once per build
/// let block = highlighter.highlight(code, language: "swift", attributes: "{linenos=table hl_lines=[2]}")
/// block.html       // <div class="highlight-table">…<pre class="highlight" data-lang="swift"><code>…
/// block.problems   // unknown language or options, with their place in the attributes
/// ```
/// A value is cheap to copy and safe to use from every thread at once: each thread highlights
/// with a session of its own, and the parsed language definitions are shared read-only.
/// Highlighting never fails: what cannot be highlighted is drawn as plain escaped code, and said.
package struct CodeHighlighter: Sendable {
    package struct Configuration: Sendable {
        /// GNU Source-highlight's data folder (Debian: /usr/share/source-highlight).
        var systemDataFolder: String
        /// Where to make the private data folder; `nil`: `$XDG_CACHE_HOME/cellar`, else
        /// `~/.cache/cellar`, else the temporary folder.
        package var cacheFolder: String?
        /// The environment the default cache folders come from.
        package var environment: [String: String]
        /// How rules match text.
        package var matcher: Matcher
        /// How long one block may take (with ``Matcher/pcre2``) before it is shown as plain code
        /// instead: some definitions take time that grows with the square of a line's length.
        package var timeLimit: Duration

        package init(systemDataFolder: String = "/usr/share/source-highlight", cacheFolder: String? = nil,
                    environment: [String: String] = ProcessInfo.processInfo.environment, matcher: Matcher = .pcre2,
                    timeLimit: Duration = .seconds(2)) {
            self.systemDataFolder = systemDataFolder
            self.cacheFolder = cacheFolder
            self.environment = environment
            self.matcher = matcher
            self.timeLimit = timeLimit
        }
    }

    /// How the rules of a language definition match text. Both give the same HTML (the tests
    /// compare them on every language); PCRE2 is about four times faster.
    package enum Matcher: String, Sendable, Hashable, CaseIterable {
        /// PCRE2, JIT-compiled, plugged into Source-highlight through its rule factory; Boost-only
        /// syntax is translated, and a pattern PCRE2 rejects keeps Boost.Regex.
        case pcre2
        /// Source-highlight's own rules on Boost.Regex, untouched.
        case boost
    }

    /// Why highlighting is limited or off (the system data folder is missing, no cache folder
    /// could be made), to tell the author once; `nil` when all is well.
    package let setupProblem: String?
    /// The private data folder the library reads (`nil` if none could be made).
    let dataFolder: String?
    private let catalog: LanguageCatalog
    /// The definition files present in the data folder.
    private let availableDefinitions: Set<String>
    private let sessions = SessionPool()
    /// How rules match text.
    package let matcher: Matcher
    /// How long one block may take.
    package let timeLimit: Duration

    /// Finds or makes the data folder (see ``Configuration``). Does file I/O; call it once and
    /// share the value.
    package static func prepare(_ configuration: Configuration = Configuration()) -> CodeHighlighter {
        let roots = configuration.cacheFolder.map { [$0] } ?? HighlightDataFolder.defaultRoots(environment: configuration.environment)
        let folder = HighlightDataFolder.prepare(systemFolder: configuration.systemDataFolder, roots: roots)
        var available: Set<String> = []
        if folder.path != nil {
            available = Set(EmbeddedDefinitions.files.keys)
            if folder.languageMap != nil { available.formUnion(folder.systemFiles) }
        }
        return CodeHighlighter(setupProblem: folder.problem, dataFolder: folder.path,
                               catalog: LanguageCatalog(languageMap: folder.languageMap, availableFiles: folder.systemFiles),
                               availableDefinitions: available, matcher: configuration.matcher, timeLimit: configuration.timeLimit)
    }

    private init(setupProblem: String?, dataFolder: String?, catalog: LanguageCatalog, availableDefinitions: Set<String>,
                 matcher: Matcher, timeLimit: Duration) {
        self.setupProblem = setupProblem
        self.dataFolder = dataFolder
        self.catalog = catalog
        self.availableDefinitions = availableDefinitions
        self.matcher = matcher
        self.timeLimit = timeLimit
    }

    /// Every language, by name, with the aliases that select it.
    package var languages: [CodeLanguage] { catalog.languages }

    /// What a fence's language name selects: a language, plain text, or an unknown name with the
    /// closest known one.
    package func lookUp(_ language: String) -> LanguageLookup {
        catalog.lookUp(language)
    }

    /// Highlights a fenced block: `language` is the info string's first word, `attributes` the
    /// rest (Hugo's options, `{linenos=table hl_lines=[2,"4-5"] linenostart=10}`). Problems in the
    /// attributes come back with their offset in `attributes`.
    ///
    /// With a `budget`, the block (at `line` of its file's body) takes at most what is left of it
    /// and is charged what it took; once the file's or the build's time has run out it is drawn
    /// as plain code without being tried, and the budget's ``FileHighlightBudget/cutoff`` says so.
    package func highlight(_ code: String, language: String, attributes: String, line: Int = 1,
                           within budget: FileHighlightBudget? = nil) -> HighlightedCode {
        let parsed = CodeBlockAttributes(parsing: attributes)
        let lines = CodeLines(code)
        var block = draw(lines, language: language, options: parsed.options, meter: budget.map { Meter(budget: $0, line: line) })
        block.problems = parsed.problems + parsed.problems(forLineCount: lines.count) + block.problems
        return block
    }

    /// Highlights a fenced block from its whole info string (`swift {linenos=table}`): the
    /// language is its first word (up to a blank or `{`), the attributes the rest. Problem offsets
    /// count from the start of `info`.
    package func highlight(_ code: String, info: String) -> HighlightedCode {
        let scalars = Array(info.unicodeScalars)
        var start = 0
        while start < scalars.count, scalars[start].properties.isWhitespace { start += 1 }
        var end = start
        while end < scalars.count, !scalars[end].properties.isWhitespace, scalars[end] != "{" { end += 1 }
        var language = ""
        language.unicodeScalars.append(contentsOf: scalars[start..<end])
        var attributes = ""
        attributes.unicodeScalars.append(contentsOf: scalars[end...])
        var block = highlight(code, language: language, attributes: attributes)
        for index in block.problems.indices {
            block.problems[index].offset = block.problems[index].offset.map { $0 + end }
        }
        return block
    }

    /// Highlights `code` in `language` (a name or alias; empty or `text` for plain code).
    package func highlight(_ code: String, language: String, options: CodeBlockOptions = CodeBlockOptions()) -> HighlightedCode {
        draw(CodeLines(code), language: language, options: options)
    }

    /// A block's budget and where the block is.
    private struct Meter {
        var budget: FileHighlightBudget
        var line: Int
    }

    private func draw(_ lines: CodeLines, language: String, options: CodeBlockOptions, meter: Meter? = nil) -> HighlightedCode {
        let lookup = catalog.lookUp(language)
        let trimmed = language.trimmingWhitespace
        switch lookup {
        case .plainText:
            return plain(lines, language: trimmed.isEmpty ? nil : trimmed, lookup: lookup, options: options, problems: [])
        case let .unknown(name, suggestion):
            let problem = HighlightProblem(
                .unknownLanguage,
                "unknown language '\(name)' for syntax highlighting" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                hint: "the block is shown as plain code; write `text` after the fence for a block that needs no highlighting")
            return plain(lines, language: name, lookup: lookup, options: options, problems: [problem])
        case let .known(codeLanguage):
            let markup = CodeBlockMarkup(language: codeLanguage.name, options: options)
            guard let folder = dataFolder, availableDefinitions.contains(codeLanguage.definition) else {
                // The setup problem already says why; repeating it for every block helps nobody.
                return HighlightedCode(html: markup.render(lines.plainHTML, lineCount: lines.count), language: lookup, isHighlighted: false, problems: [])
            }
            guard lines.count > 0 else {
                return HighlightedCode(html: markup.render("", lineCount: 0), language: lookup, isHighlighted: true, problems: [])
            }
            if let longest = lines.longestLine, longest.length > Self.maximumLineLength {
                let problem = HighlightProblem(
                    .highlightingFailed,
                    "line \(longest.index) of this \(codeLanguage.name) block has \(longest.length) bytes, more than \(Self.maximumLineLength): the block is shown as plain code",
                    hint: "highlighting time grows with the square of a line's length")
                return HighlightedCode(html: markup.render(lines.plainHTML, lineCount: lines.count), language: lookup, isHighlighted: false, problems: [problem])
            }
            let plain = { (problems: [HighlightProblem]) in
                HighlightedCode(html: markup.render(lines.plainHTML, lineCount: lines.count), language: lookup, isHighlighted: false, problems: problems)
            }
            switch run(lines, codeLanguage, in: folder, meter: meter) {
            case .html(let html):
                return HighlightedCode(html: markup.render(html, lineCount: lines.count), language: lookup, isHighlighted: true, problems: [])
            case .leftPlain:
                return plain([])   // the budget's cutoff says it, once for the file
            case .failed(let failure, let limit) where failure.timedOut:
                return plain([HighlightProblem(
                    .highlightingFailed,
                    "highlighting this \(codeLanguage.name) block took more than \(limit.shortDescription) of CPU time: it is shown as plain code",
                    hint: "allow more with `markdown: {highlight_seconds_per_block: …}` in content/_index.md, or write `text` after the fence if it needs no colours")])
            case .failed(let failure, _):
                return plain([HighlightProblem(
                    .highlightingFailed,
                    "GNU Source-highlight could not highlight this \(codeLanguage.name) block (\(failure.reason)): it is shown as plain code")])
            }
        }
    }

    /// What one run of the library gave a block.
    private enum Run {
        case html(String)
        /// The file's or the build's time ran out before or while it ran.
        case leftPlain
        /// It failed, or `limit` (its own) ran out.
        case failed(HighlightFailure, limit: Duration)
    }

    /// Runs the library on a block, within what the meter's budget allows (else the block's own
    /// limit), and charges the budget what it took.
    private func run(_ lines: CodeLines, _ language: CodeLanguage, in folder: String, meter: Meter?) -> Run {
        var limit = timeLimit
        var share: FileHighlightBudget.Cutoff.Share?
        switch meter?.budget.allowance() {
        case .exhausted(let exhausted)?:
            meter?.budget.leftPlain(line: meter?.line ?? 1, because: exhausted)
            return .leftPlain
        case .granted(let granted, let bound)?:
            (limit, share) = (granted, bound)
        case nil:
            break
        }
        let clock = meter?.budget.build.clock
        let started = clock?.now()
        let result = sessions.withSession { session in
            session.highlight(lines.bytes, definition: language.definition, in: folder, matcher: matcher, timeLimit: limit)
        } ?? .failure(HighlightFailure(reason: "out of memory"))
        let timedOut = if case .failure(let failure) = result { failure.timedOut } else { false }
        if let meter, let clock, let started {
            let stoppedBy = timedOut ? share : nil
            meter.budget.charge(line: meter.line, language: language.name, time: clock.now() - started, stoppedBy: stoppedBy)
            if stoppedBy != nil { return .leftPlain }
        }
        switch result {
        case .success(let html): return .html(html)
        case .failure(let failure): return .failed(failure, limit: limit)
        }
    }

    /// A block with a line longer than this (in UTF-8 bytes) is shown as plain code: in some
    /// definitions matching time grows with the square of a line's length (minified code, data
    /// URLs), and 10,000 bytes already take 70 ms in Source-highlight's sh.lang.
    package static let maximumLineLength = 10_000

    private func plain(_ lines: CodeLines, language: String?, lookup: LanguageLookup, options: CodeBlockOptions, problems: [HighlightProblem]) -> HighlightedCode {
        let markup = CodeBlockMarkup(language: language, options: options)
        return HighlightedCode(html: markup.render(lines.plainHTML, lineCount: lines.count), language: lookup, isHighlighted: false, problems: problems)
    }

    /// Parses and builds the definition of `language` afresh (no cache): what it holds, or the
    /// library's complaint (`swift.lang:12: …`).
    func checkDefinition(of language: CodeLanguage) -> Result<DefinitionReport, HighlightFailure> {
        guard let folder = dataFolder else { return .failure(HighlightFailure(reason: setupProblem ?? "no data folder")) }
        return sessions.withSession { $0.check(definition: language.definition, in: folder, matcher: matcher) }
            ?? .failure(HighlightFailure(reason: "out of memory"))
    }
}

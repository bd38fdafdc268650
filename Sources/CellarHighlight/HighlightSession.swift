internal import CSourceHighlight

/// One shim session: formatters and an output buffer that one thread uses at a time.
///
/// `@unchecked Sendable` only so that ``SessionPool``'s `Mutex` can hold idle sessions: the pool
/// hands each session to one caller at a time, which is all the shim asks, and nothing else keeps one.
final class HighlightSession: @unchecked Sendable {
    private let session: OpaquePointer

    /// `nil` if the shim could not allocate a session.
    init?() {
        guard let session = csh_session_create() else { return nil }
        self.session = session
    }

    deinit { csh_session_destroy(session) }

    /// The code as HTML lines (see `csh_highlight`), or the library's reason for failing (which
    /// says whether `timeLimit` of the thread's CPU time ran out).
    /// `code` holds UTF-8 lines separated by "\n" only.
    func highlight(_ code: [UInt8], definition: String, in folder: String, matcher: CodeHighlighter.Matcher,
                   timeLimit: Duration) -> Result<String, HighlightFailure> {
        let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
        var html: UnsafePointer<CChar>?
        var length = 0
        let succeeded = code.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                csh_highlight(session, folder, definition, matcher.shimValue, characters.baseAddress, characters.count, seconds, &html, &length)
            }
        }
        guard succeeded == 1, let html else { return .failure(HighlightFailure(reason: lastError, timedOut: succeeded == 2)) }
        let output = UnsafeRawBufferPointer(start: html, count: length)
        return .success(String(decoding: output, as: UTF8.self))
    }

    /// Parses and builds a definition afresh: what building it found, or why it is invalid.
    func check(definition: String, in folder: String, matcher: CodeHighlighter.Matcher) -> Result<DefinitionReport, HighlightFailure> {
        var info = CSHDefinitionInfo()
        guard csh_check_definition(session, folder, definition, matcher.shimValue, &info) == 1 else {
            return .failure(HighlightFailure(reason: lastError))
        }
        return .success(DefinitionReport(rules: info.rules, boostRules: info.boostRules, serialised: info.serialised != 0))
    }

    private var lastError: String { String(cString: csh_session_error(session)) }
}

extension CodeHighlighter.Matcher {
    var shimValue: CSHMatcher {
        switch self {
        case .pcre2: CSH_MATCHER_PCRE2
        case .boost: CSH_MATCHER_BOOST
        }
    }
}

extension CodeHighlighter {
    /// The version of the GNU Source-highlight library loaded ("3.1.9").
    package static var libraryVersion: String { String(cString: csh_library_version()) }
    /// The version of the PCRE2 library the highlighter matches with ("10.42 2022-12-11").
    package static var pcre2Version: String { String(cString: csh_pcre2_version()) }
}

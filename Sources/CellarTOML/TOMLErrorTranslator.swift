import CellarDiagnostics

/// Turns toml11's errors into Cellar diagnostics: one place (the most precise one toml11 marks), a
/// short message in the words of ``TOMLHints``, and for clashing keys and tables the same wording
/// the YAML side uses ("duplicate key 'title'; it is already set on line 2").
struct TOMLErrorTranslator: Sendable {
    let map: SourceMap
    let maxDepth: Int

    /// - Parameters:
    ///   - message: toml11's `what()`.
    ///   - line, column: the exception's own place (byte column); 0 when it has none.
    func diagnostic(for message: String, line: Int, column: Int) -> Diagnostic {
        let parsed = TOML11Message(message)
        let fallback = line > 0 ? map.location(line: line, byteColumn: column) : map.location(ofOffset: 0)
        if parsed.headline.contains("nests deeper than the limit") {
            return .error("TOML nests deeper than \(maxDepth) levels", at: fallback,
                          hint: "front matter should be a flat table of fields")
        }
        if let clash = clash(parsed) { return clash }
        if let refined = refined(parsed) { return refined }
        let marker = parsed.markers.last
        let place = marker.map { map.location(line: $0.line, byteColumn: $0.column) } ?? fallback
        let markedLine = marker.map { self.lineText(at: map.offset(line: $0.line, byteColumn: 1)) } ?? ""
        let (text, hint) = TOMLHints.describe(parsed.headline, note: marker?.note ?? "", line: markedLine)
        return .error(text, at: place, hint: hint ?? parsed.hints.first)
    }

    // MARK: - Private

    /// Two definitions of one key or table: reported at the second, naming the line of the first.
    private func clash(_ parsed: TOML11Message) -> Diagnostic? {
        let headline = parsed.headline
        guard parsed.markers.count >= 2, let name = Self.name(in: headline) else { return nil }
        let first = map.location(line: parsed.markers[0].line, byteColumn: parsed.markers[0].column)
        let secondOffset = map.offset(line: parsed.markers[1].line, byteColumn: parsed.markers[1].column)
        let second = map.location(ofOffset: secondOffset)
        /// The start of the key written before the second value (`a.b = 2` → `a`).
        let keyPlace = TOMLKeyLocator(bytes: map.bytes).segments(beforeValueAt: secondOffset)?.first
            .map(map.location(ofOffset:)) ?? second
        if headline.hasPrefix("value (") && headline.contains("already exists") {
            return .error("duplicate key '\(name)'; it is already set on line \(first.line)", at: keyPlace,
                          hint: "keep one of the two lines")
        }
        if headline.hasPrefix("table (") && headline.contains("already exists") {
            return .error("table [\(name)] is defined twice; it is already defined on line \(first.line)", at: second,
                          hint: "merge the two tables into one")
        }
        if headline.hasPrefix("array of tables (") && headline.contains("already exists") {
            return .error("table [\(name)] clashes with the array of tables [[\(name)]] on line \(first.line)", at: second,
                          hint: "write [[\(name)]] to add an entry to the array, or rename the table")
        }
        if headline.hasPrefix("array of table (") && headline.contains("cannot be defined") {
            return .error("array of tables [[\(name)]] clashes with the table [\(name)] on line \(first.line)", at: second,
                          hint: "use either [\(name)] or [[\(name)]], not both")
        }
        if headline.hasPrefix("array of table (") && headline.contains("collides") {
            return .error("array of tables [[\(name)]] clashes with '\(name)' set on line \(first.line)", at: second,
                          hint: "rename one of them")
        }
        if headline.contains("is neither table nor an array of tables") {
            return .error("'\(name)' is already set to a value on line \(first.line), so it cannot hold keys", at: keyPlace,
                          hint: "rename one of them, or make '\(name)' a table")
        }
        if headline.contains("inline tables are immutable") {
            return .error("'\(name)' is an inline table (line \(first.line)), which cannot get more keys later",
                          at: keyPlace, hint: "add the key inside its braces, or write '\(name)' as a [\(name)] table")
        }
        return nil
    }

    /// Errors whose place or words toml11 gets vaguer than it could: a date marked at its end, an
    /// array "missing a separator" at the end of the text (it is never closed), a string that is
    /// either unclosed or holds a bad escape.
    private func refined(_ parsed: TOML11Message) -> Diagnostic? {
        guard let last = parsed.markers.last else { return nil }
        let offset = map.offset(line: last.line, byteColumn: last.column)
        let headline = parsed.headline
        if ["invalid date", "invalid time", "bad time", "bad datetime", "bad offset"].contains(where: headline.contains) {
            let (message, hint) = TOMLHints.describe(headline, note: last.note, line: "")
            return .error(message, at: map.location(ofOffset: valueStart(before: offset)), hint: hint)
        }
        if headline.contains("missing array separator"), parsed.markers.count >= 2,
           map.bytes[min(offset, map.bytes.count)...].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            let start = parsed.markers[parsed.markers.count - 2]
            return .error("malformed TOML: this array is never closed", at: map.location(line: start.line, byteColumn: start.column),
                          hint: "separate items with ',' and close the array with ']'")
        }
        if headline.contains("not a valid string"), offset < map.bytes.count, map.bytes[offset] == UInt8(ascii: "\"") {
            if closesOnItsLine(stringAt: offset) {
                return .error("malformed TOML: this string holds an unknown escape", at: map.location(ofOffset: offset),
                              hint: "write \\\\ for a backslash, or use '…' to keep backslashes as written")
            }
            return .error("malformed TOML: this string is never closed", at: map.location(ofOffset: offset),
                          hint: "close it with \" on the same line, or use \"\"\" for text over several lines")
        }
        return nil
    }

    /// The first byte of the value whose token holds `offset` (after `=`, `,` or `[` on its line).
    private func valueStart(before offset: Int) -> Int {
        let bytes = map.bytes
        var index = min(offset, bytes.count)
        while index > 0, ![UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "{"), 0x0A].contains(bytes[index - 1]) {
            index -= 1
        }
        while index < offset, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index
    }

    /// Whether the basic string opened at `offset` has an unescaped closing quote on its line.
    private func closesOnItsLine(stringAt offset: Int) -> Bool {
        let bytes = map.bytes
        var index = offset + 1
        while index < bytes.count, bytes[index] != 0x0A {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\"") { return true }
            index += 1
        }
        return false
    }

    /// The key toml11 names: `value ("a.b") already exists`, `target (a) is …`.
    private static func name(in headline: String) -> String? {
        guard let open = headline.firstIndex(of: "(") else { return nil }
        var rest = headline[headline.index(after: open)...]
        guard let close = rest.firstIndex(of: ")") else { return nil }
        rest = rest[..<close]
        if rest.hasPrefix("\""), rest.hasSuffix("\""), rest.count >= 2 { rest = rest.dropFirst().dropLast() }
        return String(rest)
    }

    private func lineText(at offset: Int) -> String {
        let bytes = map.bytes
        let start = map.lineStart(ofOffset: offset)
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

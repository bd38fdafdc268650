/// toml11's error text taken apart. toml11 3.x keeps the precise places of a syntax error only in
/// its message (the exception's own place is often the start of the line), which reads:
///
/// ```
/// [error] toml::parse_key_value_pair: missing key-value separator `=`
///  --> toml
///    |
///  1 | title: Dune
///    |      ^--- should be `=`
///    |
/// Hint: …
/// ```
///
/// Each excerpt line and the marker below it give a place (the marker's column counts bytes).
struct TOML11Message: Sendable, Hashable {
    struct Marker: Sendable, Hashable {
        /// The line of the TOML text (1-based) and the byte column (1-based).
        var line: Int
        var column: Int
        /// toml11's words under the marker (`should be `=``).
        var note: String
    }

    /// The first line without `[error]` and without the `toml::function:` prefix.
    var headline: String
    var markers: [Marker]
    var hints: [String]

    init(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        headline = Self.headline(lines.first ?? "")
        markers = []
        hints = []
        var index = 1
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("Hint: ") {
                hints.append(String(line.dropFirst(6)))
            } else if index + 1 < lines.count, let marker = Self.marker(excerpt: line, under: lines[index + 1]) {
                markers.append(marker)
                index += 1
            }
            index += 1
        }
    }

    // MARK: - Private

    private static func headline(_ line: String) -> String {
        var text = Substring(line)
        if text.hasPrefix("[error]") { text = text.dropFirst(7) }
        text = text.drop { $0 == " " }
        if text.hasPrefix("toml::") {
            // `toml::parse_x: message`, `toml::parse_x:` or `toml::parse_x` (then the marker's note says it).
            let name = text.dropFirst(6).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            text = text.dropFirst(6 + name.count)
            if text.hasPrefix(":") { text = text.dropFirst() }
            text = text.drop { $0 == " " }
        }
        return text.trimmingSuffixSpaces()
    }

    /// ` 12 | text` followed by `    |      ^--- note` or `    | ~~~~ note`.
    private static func marker(excerpt: String, under: String) -> Marker? {
        let excerptBytes = Array(excerpt.utf8)
        var index = 0
        guard excerptBytes.first == 0x20 else { return nil }
        while index < excerptBytes.count, excerptBytes[index] == 0x20 { index += 1 }
        let digitsStart = index
        while index < excerptBytes.count, excerptBytes[index] >= 0x30, excerptBytes[index] <= 0x39 { index += 1 }
        guard index > digitsStart, excerptBytes[index...].starts(with: Array(" | ".utf8)),
              let line = Int(String(decoding: excerptBytes[digitsStart..<index], as: UTF8.self))
        else { return nil }
        let prefix = index + 3
        let markerBytes = Array(under.utf8)
        guard markerBytes.count >= prefix, markerBytes[..<prefix].allSatisfy({ $0 == 0x20 || $0 == UInt8(ascii: "|") }),
              markerBytes[prefix - 2] == UInt8(ascii: "|")
        else { return nil }
        var cursor = prefix
        while cursor < markerBytes.count, markerBytes[cursor] == 0x20 { cursor += 1 }
        let column = cursor - prefix + 1
        let rest = markerBytes[cursor...]
        var noteStart: Int
        if rest.starts(with: Array("^---".utf8)) {
            noteStart = cursor + 4
        } else if rest.first == UInt8(ascii: "~") {
            noteStart = cursor
            while noteStart < markerBytes.count, markerBytes[noteStart] == UInt8(ascii: "~") { noteStart += 1 }
        } else {
            return nil
        }
        if noteStart < markerBytes.count, markerBytes[noteStart] == 0x20 { noteStart += 1 }
        let note = String(decoding: markerBytes[min(noteStart, markerBytes.count)...], as: UTF8.self)
        return Marker(line: line, column: column, note: note)
    }
}

private extension Substring {
    func trimmingSuffixSpaces() -> String {
        var text = self
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}

/// A value as written: its text without quotes or brackets, and its items (a list's elements,
/// or the words of a string or bare value) with their offsets.
struct AttributeValue {
    var text: String
    var items: [(text: String, offset: Int)] = []

    var quoted: String { "\"\(text)\"" }
}

/// Reads the attribute text one Unicode scalar at a time, so offsets are columns.
struct AttributeScanner {
    private let scalars: [Unicode.Scalar]
    private(set) var offset = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    var current: Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }

    mutating func advance() { offset += 1 }

    /// Moves to the next `target`; false (at the end) if there is none.
    mutating func skip(to target: Unicode.Scalar) -> Bool {
        while let scalar = current, scalar != target { advance() }
        return current != nil
    }

    /// Skips what cannot be read, up to the next blank, comma or `}`.
    mutating func skipToken() {
        advance()
        while let scalar = current, scalar != ",", scalar != "}", !scalar.properties.isWhitespace { advance() }
    }

    mutating func skipSeparators() {
        while let scalar = current, scalar == "," || scalar.properties.isWhitespace { advance() }
    }

    /// A key: letters, digits, `_`, `-`, `.`, `#`.
    mutating func word() -> String {
        var text = ""
        while let scalar = current, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-.#".unicodeScalars.contains(scalar) {
            text.unicodeScalars.append(scalar)
            advance()
        }
        return text
    }

    /// A value: quoted (`"…"` or `'…'`), a list (`[…]`), or bare up to a blank, `,` or `}`.
    /// `nil` if a quote or bracket is not closed.
    mutating func value() -> AttributeValue? {
        switch current {
        case "\"", "'":
            let start = offset + 1
            guard let text = quoted() else { return nil }
            return AttributeValue(text: text, items: Self.words(text, at: start))
        case "[":
            advance()
            var items: [(String, Int)] = []
            var whole = ""
            while true {
                while let scalar = current, scalar == "," || scalar.properties.isWhitespace { advance() }
                guard let scalar = current else { return nil }
                if scalar == "]" { advance(); break }
                let start = offset
                let text: String
                if scalar == "\"" || scalar == "'" {
                    guard let quotedText = quoted() else { return nil }
                    text = quotedText
                    items.append((text, start + 1))
                } else {
                    text = bare(stoppingAt: ",]")
                    if text.isEmpty { items.append((String(scalar), start)); advance() } else { items.append((text, start)) }
                }
                whole += (whole.isEmpty ? "" : ",") + text
            }
            return AttributeValue(text: whole, items: items)
        default:
            let start = offset
            let text = bare(stoppingAt: ",}")
            return AttributeValue(text: text, items: Self.words(text, at: start))
        }
    }

    private mutating func quoted() -> String? {
        guard let quote = current else { return nil }
        advance()
        var text = ""
        while let scalar = current, scalar != quote {
            text.unicodeScalars.append(scalar)
            advance()
        }
        guard current == quote else { return nil }
        advance()
        return text
    }

    private mutating func bare(stoppingAt stops: String) -> String {
        var text = ""
        while let scalar = current, !scalar.properties.isWhitespace, !stops.unicodeScalars.contains(scalar) {
            text.unicodeScalars.append(scalar)
            advance()
        }
        return text
    }

    /// The words of `text` (split at blanks and commas) with their offsets.
    private static func words(_ text: String, at start: Int) -> [(String, Int)] {
        var words: [(String, Int)] = []
        var current = ""
        var currentStart = start
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if scalar == "," || scalar.properties.isWhitespace {
                if !current.isEmpty { words.append((current, currentStart)) }
                current = ""
            } else {
                if current.isEmpty { currentStart = start + index }
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { words.append((current, currentStart)) }
        return words
    }
}

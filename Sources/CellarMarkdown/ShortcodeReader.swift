/// Reads the inside of a shortcode call as Hugo's lexer does: its name, then arguments —
/// `name="quoted \"value\""`, `` name=`raw` `` (no escapes, line breaks allowed), `name=bare`, or a
/// value alone (positional); space may stand on either side of `=`, and names may hold dots.
struct ShortcodeReader {
    let source: [UInt8]
    var position: Int
    /// Where the paragraph (or the text before a code span) ends: a call does not run past it.
    let limit: Int

    enum Read {
        /// The argument, where its value starts and where its name does.
        case argument(ShortcodeArgument, valueAt: Int, nameAt: Int)
        case unclosedQuote(at: Int)
    }

    mutating func skipSpace() {
        while position < limit, [0x20, 0x09, 0x0A, 0x0D].contains(source[position]) { position += 1 }
    }

    func matches(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        return position + needle.count <= limit && source[position..<position + needle.count].elementsEqual(needle)
    }

    /// Where `text` next begins, before ``limit``.
    func find(_ text: String) -> Int? {
        let needle = Array(text.utf8)
        var index = position
        while index + needle.count <= limit {
            if source[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// Letters, digits, `_`, `-` and `.` (Hugo's names allow dots).
    mutating func readName() -> String {
        let start = position
        while position < limit, Self.isNameByte(source[position]) { position += 1 }
        return String(decoding: source[start..<position], as: UTF8.self)
    }

    mutating func readArgument() -> Read {
        let nameAt = position
        var name: String?
        var probe = self
        let word = probe.readName()
        probe.skipSpace()
        if !word.isEmpty, probe.position < limit, source[probe.position] == UInt8(ascii: "=") {
            // Hugo's lexer allows space on either side of '=': `src= "a.png"`, `alt = "x"`.
            name = word
            probe.position += 1
            probe.skipSpace()
            position = probe.position
        }
        let valueAt = position
        guard position < limit else {
            return .argument(ShortcodeArgument(name: name, value: "", line: 0, column: 0, quoted: false), valueAt: valueAt, nameAt: nameAt)
        }
        let quote = source[position]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "`") {
            position += 1
            var value: [UInt8] = []
            while position < limit, source[position] != quote {
                if quote == UInt8(ascii: "\""), source[position] == UInt8(ascii: "\\"), position + 1 < limit {
                    position += 1
                }
                value.append(source[position])
                position += 1
            }
            guard position < limit else { return .unclosedQuote(at: valueAt) }
            position += 1
            return .argument(ShortcodeArgument(name: name, value: String(decoding: value, as: UTF8.self), line: 0, column: 0,
                                               quoted: true), valueAt: valueAt, nameAt: nameAt)
        }
        let start = position
        while position < limit, ![0x20, 0x09, 0x0A, 0x0D].contains(source[position]), !matches(">}}"), !matches("/>}}") {
            position += 1
        }
        return .argument(ShortcodeArgument(name: name, value: String(decoding: source[start..<position], as: UTF8.self),
                                           line: 0, column: 0, quoted: false), valueAt: valueAt, nameAt: nameAt)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}

extension ShortcodeCall {
    /// Reads the inside of a call written without its delimiters (`figure src= "a.png" alt=x`, or
    /// `/note` for a closing tag) with the lexer the renderer uses; nil when it names no shortcode or
    /// a quote is left open. Lines and columns are left at 0.
    package static func parse(inside text: String) -> (call: ShortcodeCall, isClosing: Bool, selfClosing: Bool)? {
        let bytes = Array(text.utf8)
        var reader = ShortcodeReader(source: bytes, position: 0, limit: bytes.count)
        reader.skipSpace()
        let isClosing = reader.matches("/")
        if isClosing {
            reader.position += 1
            reader.skipSpace()
        }
        let name = reader.readName()
        guard !name.isEmpty else { return nil }
        var arguments: [ShortcodeArgument] = []
        var selfClosing = false
        while true {
            reader.skipSpace()
            if reader.position >= reader.limit { break }
            if reader.position == reader.limit - 1, bytes[reader.position] == UInt8(ascii: "/") {
                selfClosing = true
                break
            }
            guard case .argument(let argument, _, _) = reader.readArgument() else { return nil }
            arguments.append(argument)
        }
        return (ShortcodeCall(name: name, arguments: arguments, line: 0, column: 0, isPaired: false, text: text), isClosing, selfClosing)
    }
}

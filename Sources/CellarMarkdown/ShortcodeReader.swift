/// Reads the inside of a shortcode call: its name, then arguments — `name="quoted \"value\""`,
/// `` name=`raw` ``, `name=bare`, or a value alone (positional).
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

    /// Letters, digits, `_` and `-`.
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
        if !word.isEmpty, probe.position < limit, source[probe.position] == UInt8(ascii: "=") {
            name = word
            position = probe.position + 1
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
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }
}

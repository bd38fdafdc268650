/// Finds where keys are written. toml11 keeps the place of every value but not of keys, so keys are
/// found from the values: a `key = value` key sits just before its value on the same line, and
/// headers (`[a.b]`) and dotted keys (`a.b = 1`) are read segment by segment.
struct TOMLKeyLocator: Sendable {
    let bytes: [UInt8]

    /// The start of each segment of the dotted key written at `offset` (after `[` or `[[` for a header).
    func segments(at offset: Int) -> [Int] {
        var index = offset
        while index < bytes.count, bytes[index] == UInt8(ascii: "[") { index += 1 }
        var starts: [Int] = []
        while true {
            skipBlanks(&index)
            guard index < bytes.count else { break }
            let start = index
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                guard let end = closingQuote(openedAt: index) else { break }
                index = end + 1
            } else if Self.isBare(byte) {
                while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
            } else {
                break
            }
            starts.append(start)
            skipBlanks(&index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { break }
            index += 1
        }
        return starts
    }

    /// The start of each segment of the key written before the value at `valueOffset`
    /// (`key = value` on one line), or nil when no `key =` precedes it there.
    func segments(beforeValueAt valueOffset: Int) -> [Int]? {
        var index = valueOffset
        skipBlanksBackward(&index)
        guard index > 0, bytes[index - 1] == UInt8(ascii: "=") else { return nil }
        index -= 1
        var starts: [Int] = []
        while true {
            skipBlanksBackward(&index)
            guard let start = segmentStart(endingAt: index) else { break }
            starts.insert(start, at: 0)
            index = start
            skipBlanksBackward(&index)
            guard index > 0, bytes[index - 1] == UInt8(ascii: ".") else { break }
            index -= 1
        }
        return starts.isEmpty ? nil : starts
    }

    /// Whether `offset` is the first thing on its line (a table header starts there; a value never does).
    func startsLine(_ offset: Int) -> Bool {
        var index = offset
        skipBlanksBackward(&index)
        return index == 0 || bytes[index - 1] == UInt8(ascii: "\n")
    }

    // MARK: - Private

    static func isBare(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private func skipBlanks(_ index: inout Int) {
        while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
    }

    private func skipBlanksBackward(_ index: inout Int) {
        while index > 0, Self.isBlank(bytes[index - 1]) { index -= 1 }
    }

    /// The closing quote of a one-line quoted key opened at `start`.
    private func closingQuote(openedAt start: Int) -> Int? {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if quote == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == quote { return index }
            index += 1
        }
        return nil
    }

    /// The first byte of the key segment whose last byte is just before `end`.
    private func segmentStart(endingAt end: Int) -> Int? {
        guard end > 0 else { return nil }
        let last = bytes[end - 1]
        if Self.isBare(last) {
            var index = end - 1
            while index > 0, Self.isBare(bytes[index - 1]) { index -= 1 }
            return index
        }
        guard last == UInt8(ascii: "\"") || last == UInt8(ascii: "'") else { return nil }
        var index = end - 2
        while index >= 0, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == last, last == UInt8(ascii: "'") || backslashes(before: index) % 2 == 0 {
                return index
            }
            index -= 1
        }
        return nil
    }

    private func backslashes(before index: Int) -> Int {
        var count = 0
        var cursor = index
        while cursor > 0, bytes[cursor - 1] == UInt8(ascii: "\\") {
            count += 1
            cursor -= 1
        }
        return count
    }
}

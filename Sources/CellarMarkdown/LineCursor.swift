/// A position within one line that knows virtual columns (tabs stop every 4 columns, as in
/// CommonMark), so indentation can be consumed column by column, half a tab included.
struct LineCursor {
    /// Index of the current byte in the whole text.
    private(set) var byte: Int
    /// Virtual column reached (0-based); more than ``characterColumn`` when inside a tab.
    private(set) var column: Int
    /// Virtual column at which the current byte starts.
    private(set) var characterColumn: Int
    let end: Int

    init(start: Int, end: Int) {
        byte = start
        column = 0
        characterColumn = 0
        self.end = end
    }

    var isAtEnd: Bool { byte >= end }

    func current(in bytes: [UInt8]) -> UInt8? {
        byte < end ? bytes[byte] : nil
    }

    /// Whether only spaces and tabs remain.
    func isBlank(in bytes: [UInt8]) -> Bool {
        var index = byte
        while index < end {
            if bytes[index] != 0x20, bytes[index] != 0x09 { return false }
            index += 1
        }
        return true
    }

    /// Columns of spaces and tabs from here to the next other character.
    func indent(in bytes: [UInt8]) -> Int {
        var probe = self
        probe.skipWhitespace(in: bytes)
        return probe.column - column
    }

    /// Moves past one byte (a whole tab, whatever part of it was consumed).
    mutating func advanceByte(in bytes: [UInt8]) {
        guard byte < end else { return }
        let next = bytes[byte] == 0x09 ? (characterColumn / 4 + 1) * 4 : characterColumn + 1
        byte += 1
        characterColumn = next
        column = next
    }

    /// Consumes `count` columns of spaces and tabs (stopping early at anything else).
    mutating func advanceColumns(_ count: Int, in bytes: [UInt8]) {
        var remaining = count
        while remaining > 0, byte < end {
            let value = bytes[byte]
            if value == 0x09 {
                let tabEnd = (characterColumn / 4 + 1) * 4
                let available = tabEnd - column
                if available > remaining {
                    column += remaining
                    return
                }
                remaining -= available
                advanceByte(in: bytes)
            } else if value == 0x20 {
                remaining -= 1
                advanceByte(in: bytes)
            } else {
                return
            }
        }
    }

    mutating func skipWhitespace(in bytes: [UInt8]) {
        while byte < end, bytes[byte] == 0x20 || bytes[byte] == 0x09 { advanceByte(in: bytes) }
    }

    /// Walks (over whatever is there) to byte `target` of the same line.
    mutating func move(to target: Int, in bytes: [UInt8]) {
        while byte < min(target, end) { advanceByte(in: bytes) }
    }

    /// Whether part of the current tab has been consumed already.
    var isInsideTab: Bool { column > characterColumn }
}

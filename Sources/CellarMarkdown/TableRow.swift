/// One line of a GFM table split into cells: at unescaped pipes (before any inline parsing, so even
/// inside code spans), trimmed, with `\|` turned into `|`.
enum TableRow {
    enum Alignment: Sendable { case none, left, center, right }

    struct Cell {
        var text: [UInt8]
        /// Byte offset in the whole text where the cell's trimmed content starts.
        var start: Int
    }

    /// The cells of `bytes[range]`; empty when the line holds nothing but pipes and spaces around one.
    static func cells(_ bytes: [UInt8], _ range: Range<Int>) -> [Cell] {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end, isSpace(bytes[index]) { index += 1 }
        if index < end, bytes[index] == UInt8(ascii: "|") { index += 1 }
        var cells: [Cell] = []
        var current: [UInt8] = []
        var currentStart = index
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < end {
                if bytes[index + 1] == UInt8(ascii: "|") {
                    current.append(UInt8(ascii: "|"))
                } else {
                    current.append(byte)
                    current.append(bytes[index + 1])
                }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "|") {
                cells.append(trimmed(current, start: currentStart, in: bytes))
                current = []
                index += 1
                currentStart = index
                continue
            }
            current.append(byte)
            index += 1
        }
        // Text after the last pipe is a cell; spaces alone there are not.
        if current.contains(where: { !isSpace($0) }) {
            cells.append(trimmed(current, start: currentStart, in: bytes))
        }
        return cells
    }

    /// The alignments of a delimiter row (`| :-- | :-: | --: |`), or nil when the line is not one.
    static func delimiter(_ bytes: [UInt8], _ range: Range<Int>) -> [Alignment]? {
        let cells = cells(bytes, range)
        guard !cells.isEmpty else { return nil }
        var alignments: [Alignment] = []
        alignments.reserveCapacity(cells.count)
        for cell in cells {
            let text = cell.text
            guard !text.isEmpty else { return nil }
            let leading = text.first == UInt8(ascii: ":")
            let trailing = text.count > 1 && text.last == UInt8(ascii: ":")
            let dashes = text.dropFirst(leading ? 1 : 0).dropLast(trailing ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }) else { return nil }
            switch (leading, trailing) {
            case (true, true): alignments.append(.center)
            case (true, false): alignments.append(.left)
            case (false, true): alignments.append(.right)
            case (false, false): alignments.append(.none)
            }
        }
        return alignments
    }

    /// Whether a line could be a delimiter row at all, ignoring quote markers and indentation: a cheap
    /// test that spares the careful one on most lines.
    static func mayBeDelimiter(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var sawDash = false
        var sawContent = false
        for byte in bytes[range] {
            switch byte {
            case UInt8(ascii: "-"): sawDash = true; sawContent = true
            case UInt8(ascii: "|"), UInt8(ascii: ":"): sawContent = true
            case 0x20, 0x09: break
            case UInt8(ascii: ">"): if sawContent { return false }
            default: return false
            }
        }
        return sawDash
    }

    private static func trimmed(_ text: [UInt8], start: Int, in bytes: [UInt8]) -> Cell {
        var low = 0
        var high = text.count
        while low < high, isSpace(text[low]) { low += 1 }
        while high > low, isSpace(text[high - 1]) { high -= 1 }
        var origin = start
        while origin < bytes.count, isSpace(bytes[origin]) { origin += 1 }
        return Cell(text: Array(text[low..<high]), start: origin)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}

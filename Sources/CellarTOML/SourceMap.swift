import CellarDiagnostics

/// Turns byte offsets into the TOML text into places in the file: 1-based lines shifted by the
/// line the text starts on, columns counted in Unicode scalars as editors count them.
struct SourceMap: Sendable {
    let bytes: [UInt8]
    let file: String
    let firstLine: Int
    /// The offset at which each line starts.
    private let lineStarts: [Int]
    /// How many characters (Unicode scalars) precede every 256th byte, so a column costs at most two
    /// short counts even on a megabyte-long line.
    private let checkpoints: [Int]
    private static let stride = 256

    init(bytes: [UInt8], file: String, firstLine: Int) {
        self.bytes = bytes
        self.file = file
        self.firstLine = firstLine
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
        var counts = [0]
        counts.reserveCapacity(bytes.count / Self.stride + 1)
        var scalars = 0
        for (offset, byte) in bytes.enumerated() {
            if offset > 0, offset % Self.stride == 0 { counts.append(scalars) }
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        checkpoints = counts
    }

    /// The place of the byte at `offset` (clamped to the text).
    func location(ofOffset offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        let low = lineIndex(ofOffset: offset)
        let column = scalars(before: offset) - scalars(before: lineStarts[low]) + 1
        return SourceLocation(file: file, line: firstLine + low, column: column)
    }

    /// The 0-based line of the text holding `offset`.
    func lineIndex(ofOffset offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The length in bytes of a 0-based line, without its newline.
    func lineLength(_ index: Int) -> Int {
        let end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        return end - lineStarts[index]
    }

    /// The number of characters in `bytes[0..<offset]`.
    private func scalars(before offset: Int) -> Int {
        let checkpoint = min(offset / Self.stride, checkpoints.count - 1)
        let start = checkpoint * Self.stride
        return checkpoints[checkpoint] + bytes[start..<offset].count { $0 & 0xC0 != 0x80 }
    }

    /// The offset of a 1-based line of the text and a 1-based column counted in bytes (toml11's form).
    func offset(line: Int, byteColumn: Int) -> Int {
        guard line >= 1 else { return 0 }
        guard line <= lineStarts.count else { return bytes.count }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        return min(start + max(byteColumn - 1, 0), end)
    }

    /// The place of a toml11 line and byte column.
    func location(line: Int, byteColumn: Int) -> SourceLocation {
        location(ofOffset: offset(line: line, byteColumn: byteColumn))
    }

    /// The file line (not the text line) of a byte offset.
    func fileLine(ofOffset offset: Int) -> Int {
        location(ofOffset: offset).line
    }

    /// The first byte of the line holding `offset`.
    func lineStart(ofOffset offset: Int) -> Int {
        var index = min(max(offset, 0), bytes.count)
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }
}

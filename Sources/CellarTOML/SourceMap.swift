import CellarDiagnostics

/// Turns byte offsets into the TOML text into places in the file: 1-based lines shifted by the
/// line the text starts on, columns counted in Unicode scalars as editors count them.
struct SourceMap: Sendable {
    let bytes: [UInt8]
    let file: String
    let firstLine: Int
    /// The offset at which each line starts.
    private let lineStarts: [Int]

    init(bytes: [UInt8], file: String, firstLine: Int) {
        self.bytes = bytes
        self.file = file
        self.firstLine = firstLine
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// The place of the byte at `offset` (clamped to the text).
    func location(ofOffset offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let scalars = bytes[lineStarts[low]..<offset].count { $0 & 0xC0 != 0x80 }
        return SourceLocation(file: file, line: firstLine + low, column: scalars + 1)
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

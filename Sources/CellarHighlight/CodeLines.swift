internal import CellarEscaping

/// A block's code as the shim takes it: UTF-8 lines separated by "\n" ("\r\n" and lone "\r"
/// become "\n", as CommonMark reads them), without the newline that ends the last line.
struct CodeLines {
    /// The lines joined by "\n".
    let bytes: [UInt8]
    /// How many lines (0 for empty code, 1 for "\n").
    let count: Int

    /// The longest line (1-based index, length in bytes), `nil` for empty code.
    let longestLine: (index: Int, length: Int)?

    init(_ code: String) {
        if let fast = code.utf8.withContiguousStorageIfAvailable(Self.withoutReturns), let fast {
            self = fast
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(code.utf8.count)
        var lines = 1
        var longest = (index: 1, length: 0)
        var lineStart = 0
        var previousWasReturn = false
        for byte in code.utf8 {   // one pass: "\r\n" and "\r" become "\n", lines are counted and measured
            if byte == UInt8(ascii: "\n") && previousWasReturn {
                previousWasReturn = false
                continue
            }
            previousWasReturn = byte == UInt8(ascii: "\r")
            if byte == UInt8(ascii: "\n") || previousWasReturn {
                if bytes.count - lineStart > longest.length { longest = (lines, bytes.count - lineStart) }
                bytes.append(UInt8(ascii: "\n"))
                lines += 1
                lineStart = bytes.count
            } else {
                bytes.append(byte)
            }
        }
        if bytes.count - lineStart > longest.length { longest = (lines, bytes.count - lineStart) }
        if bytes.last == UInt8(ascii: "\n") {
            bytes.removeLast()
            lines -= 1
        }
        count = code.isEmpty ? 0 : lines
        longestLine = code.isEmpty ? nil : longest
        self.bytes = bytes
    }

    private init(bytes: [UInt8], count: Int, longestLine: (index: Int, length: Int)?) {
        self.bytes = bytes
        self.count = count
        self.longestLine = longestLine
    }

    /// The common case, code without "\r", measured without copying byte by byte (`nil` otherwise).
    private static func withoutReturns(_ code: UnsafeBufferPointer<UInt8>) -> CodeLines? {
        guard !code.isEmpty else { return CodeLines(bytes: [], count: 0, longestLine: nil) }
        guard !code.contains(UInt8(ascii: "\r")) else { return nil }
        let end = code.last == UInt8(ascii: "\n") ? code.count - 1 : code.count
        var lines = 1
        var longest = (index: 1, length: 0)
        var lineStart = 0
        for index in 0..<end where code[index] == UInt8(ascii: "\n") {
            if index - lineStart > longest.length { longest = (lines, index - lineStart) }
            lines += 1
            lineStart = index + 1
        }
        if end - lineStart > longest.length { longest = (lines, end - lineStart) }
        return CodeLines(bytes: Array(code[0..<end]), count: lines, longestLine: longest)
    }

    /// The lines escaped, not highlighted, separated by "\n".
    var plainHTML: String {
        Escaping.htmlText(String(decoding: bytes, as: UTF8.self))
    }
}

/// A block's code as the shim takes it: UTF-8 lines separated by "\n" ("\r\n" and lone "\r"
/// become "\n", as CommonMark reads them), without the newline that ends the last line.
struct CodeLines {
    /// The lines joined by "\n".
    let bytes: [UInt8]
    /// How many lines (0 for empty code, 1 for "\n").
    let count: Int

    init(_ code: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(code.utf8.count)
        if code.utf8.contains(UInt8(ascii: "\r")) {
            var previousWasReturn = false
            for byte in code.utf8 {
                if byte == UInt8(ascii: "\r") {
                    bytes.append(UInt8(ascii: "\n"))
                } else if !(byte == UInt8(ascii: "\n") && previousWasReturn) {
                    bytes.append(byte)
                }
                previousWasReturn = byte == UInt8(ascii: "\r")
            }
        } else {
            bytes.append(contentsOf: code.utf8)
        }
        if code.isEmpty {
            count = 0
        } else {
            if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            count = bytes.lazy.filter { $0 == UInt8(ascii: "\n") }.count + 1
        }
        self.bytes = bytes
    }

    /// The longest line (1-based index, length in bytes), `nil` for empty code.
    var longestLine: (index: Int, length: Int)? {
        guard count > 0 else { return nil }
        var best = (index: 1, length: 0)
        var index = 1
        var length = 0
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if length > best.length { best = (index, length) }
                index += 1
                length = 0
            } else {
                length += 1
            }
        }
        if length > best.length { best = (index, length) }
        return best
    }

    /// The lines escaped, not highlighted, separated by "\n".
    var plainHTML: String {
        HTMLEscaping.escape(String(decoding: bytes, as: UTF8.self))
    }
}

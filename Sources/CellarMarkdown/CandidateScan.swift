/// One quick pass over the source bytes that says which extensions could find anything at all, so
/// a body with none of their syntax costs what plain CommonMark costs. Only `|`, `~`, `[`, `:`, `@`, `\\`
/// and `<` are looked at closely (a table lookup skips the rest); `www.` is searched for apart.
struct CandidateScan {
    private(set) var pipe = false            // `|`: a table may follow
    private(set) var tilde = false           // `~`: strikethrough
    private(set) var caretBracket = false    // `[^`: footnote references or notes
    private(set) var autolink = false        // `www.`, `://` or `@`
    private(set) var taskBox = false         // `[ ]`, `[x]`, `[X]`
    private(set) var escapedMarker = false   // `\~` or `\[`, which must stay literal
    private(set) var htmlComment = false     // `<!--`: maybe a `<!--more-->` marker

    private static let interesting: [Bool] = (0..<256).map { "|~[:@\\<".utf8.contains(UInt8($0)) }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        Self.interesting.withUnsafeBufferPointer { table in
            var index = 0
            while index < count {
                if table[Int(bytes[index])] {
                    index = examine(bytes, at: index)
                } else {
                    index += 1
                }
            }
        }
        if !autolink { autolink = Self.contains(Array("www.".utf8), in: bytes) }
    }

    /// Looks at the byte at `index`; returns where to look next.
    private mutating func examine(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let count = bytes.count
        switch bytes[index] {
        case UInt8(ascii: "|"):
            pipe = true
        case UInt8(ascii: "~"):
            tilde = true
        case UInt8(ascii: "["):
            if index + 2 < count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "^") {
                    caretBracket = true
                } else if bytes[index + 2] == UInt8(ascii: "]"),
                          next == 0x20 || next == UInt8(ascii: "x") || next == UInt8(ascii: "X") {
                    taskBox = true
                }
            }
        case UInt8(ascii: ":"):
            if index + 2 < count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") {
                autolink = true
            }
        case UInt8(ascii: "@"):
            autolink = true
        case UInt8(ascii: "\\"):
            if index + 1 < count {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "~") || next == UInt8(ascii: "[") { escapedMarker = true }
                // An escaped backslash escapes nothing after it; `\~` and `\[` are not syntax.
                if next == UInt8(ascii: "\\") || next == UInt8(ascii: "~") || next == UInt8(ascii: "[") { return index + 2 }
            }
        case UInt8(ascii: "<"):
            if index + 3 < count, bytes[index + 1] == UInt8(ascii: "!"), bytes[index + 2] == UInt8(ascii: "-"),
               bytes[index + 3] == UInt8(ascii: "-") {
                htmlComment = true
            }
        default:
            break
        }
        return index + 1
    }

    private static func contains(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= needle.count else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == needle[0], bytes[index + 1] == needle[1], bytes[index + 2] == needle[2],
               bytes[index + 3] == needle[3] {
                return true
            }
            index += 1
        }
        return false
    }
}

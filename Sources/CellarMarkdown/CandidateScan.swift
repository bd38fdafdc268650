/// One quick pass over the source bytes that says which extensions could find anything at all, so
/// a body with none of their syntax costs what plain CommonMark costs.
struct CandidateScan {
    private(set) var pipe = false            // `|`: a table may follow
    private(set) var tilde = false           // `~`: strikethrough
    private(set) var caretBracket = false    // `[^`: footnote references or notes
    private(set) var autolink = false        // `www.`, `://` or `@`
    private(set) var taskBox = false         // `[ ]`, `[x]`, `[X]`
    private(set) var escapedMarker = false   // `\~` or `\[`, which must stay literal
    private(set) var htmlComment = false     // `<!--`: maybe a `<!--more-->` marker

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        var index = 0
        while index < count {
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
            case UInt8(ascii: "w"):
                if index + 3 < count, bytes[index + 1] == UInt8(ascii: "w"), bytes[index + 2] == UInt8(ascii: "w"),
                   bytes[index + 3] == UInt8(ascii: ".") {
                    autolink = true
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
                    if next == UInt8(ascii: "\\") || next == UInt8(ascii: "~") || next == UInt8(ascii: "[") {
                        index += 1   // an escaped backslash escapes nothing after it
                    }
                }
            case UInt8(ascii: "<"):
                if index + 3 < count, bytes[index + 1] == UInt8(ascii: "!"), bytes[index + 2] == UInt8(ascii: "-"),
                   bytes[index + 3] == UInt8(ascii: "-") {
                    htmlComment = true
                }
            default:
                break
            }
            index += 1
        }
    }
}

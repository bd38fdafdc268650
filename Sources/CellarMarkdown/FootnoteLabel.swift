/// GFM footnote labels: `[^label]` with no spaces, tabs or `]` inside, compared without regard to case.
enum FootnoteLabel {
    /// A `[^label]:` note starting at `start`: the label and the byte after the colon.
    static func definition(in bytes: [UInt8], from start: Int) -> (label: Range<Int>, end: Int)? {
        guard let reference = reference(in: bytes, from: start), reference.end < bytes.count,
              bytes[reference.end] == UInt8(ascii: ":") else { return nil }
        return (reference.label, reference.end + 1)
    }

    /// A `[^label]` reference starting at `start`: the label and the byte after `]`.
    static func reference(in bytes: [UInt8], from start: Int) -> (label: Range<Int>, end: Int)? {
        guard start + 3 < bytes.count, bytes[start] == UInt8(ascii: "["), bytes[start + 1] == UInt8(ascii: "^") else {
            return nil
        }
        var index = start + 2
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "]"):
                return index > start + 2 ? (start + 2..<index, index + 1) : nil
            case 0x20, 0x09, 0x0A, 0x0D, 0:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// The key notes and references are matched by.
    static func key(_ label: some Sequence<UInt8>) -> String {
        String(decoding: Array(label), as: UTF8.self).lowercased()
    }
}

/// Template text gathered between tags, with the offsets where template lines begin.
struct TextBuilder {
    private(set) var bytes: [UInt8] = []
    private(set) var lineStarts: [Int] = []

    var isEmpty: Bool { bytes.isEmpty && lineStarts.isEmpty }

    mutating func append(_ slice: ArraySlice<UInt8>) {
        bytes.append(contentsOf: slice)
    }

    /// Records that a template line begins at the current end of the text.
    mutating func markLineStart() {
        if lineStarts.last != bytes.count {
            lineStarts.append(bytes.count)
        }
    }

    /// Drops the last `count` bytes (a standalone tag's indentation) and any line start inside them.
    mutating func removeLast(_ count: Int) {
        bytes.removeLast(min(count, bytes.count))
        while let last = lineStarts.last, last >= bytes.count {
            lineStarts.removeLast()
        }
    }

    /// Splits off the last `count` bytes as their own builder, keeping a line start at their beginning.
    mutating func splitLast(_ count: Int) -> TextBuilder {
        let cut = bytes.count - min(count, bytes.count)
        var tail = TextBuilder()
        tail.bytes = Array(bytes[cut...])
        if lineStarts.last == cut {
            tail.lineStarts = [0]
        }
        removeLast(bytes.count - cut)
        return tail
    }

    /// The gathered text as a node (nil when there is none), leaving the builder empty.
    mutating func take() -> MustacheNode? {
        defer { self = TextBuilder() }
        guard !isEmpty else { return nil }
        return .text(String(decoding: bytes, as: UTF8.self), lineStarts: lineStarts)
    }
}

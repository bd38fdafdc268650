/// Control characters — C0 but tab and newline, DEL, and C1 (U+0080–U+009F) — have no business
/// in a page, a feed or a terminal: BEL rings, ESC drives the terminal, and HTML and XML call them
/// errors. Content can carry them (a YAML `"\e"`, a Markdown `&#27;`), so every text file Cellar
/// writes loses them on the way out, and text echoed to a terminal shows them escaped.
///
/// They are `Escaping.isControl`'s: every escaping of `CellarEscaping` leaves them out too (but NUL,
/// which it turns into U+FFFD), so escaped text and the files it ends up in agree.
package enum ControlCharacters {
    /// Calls `body` with UTF-8 `bytes` without them: the same buffer when there are none (the usual
    /// case, found by a scan eight bytes at a time), else a cleaned copy.
    package static func withoutThem<R>(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let first = firstSuspect(in: bytes) else { return try body(bytes) }
        var clean = [UInt8]()
        clean.reserveCapacity(bytes.count)
        clean.append(contentsOf: bytes[..<first])
        var index = first
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 && byte != 0x09 && byte != 0x0A || byte == 0x7F {
                index += 1
            } else if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F {
                index += 2
            } else {
                clean.append(byte)
                index += 1
            }
        }
        return try clean.withUnsafeBytes { try body($0) }
    }

    /// The offset of the first byte that may start a control character, or nil when there is none.
    package static func firstSuspect(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = 0
        while index + 8 <= count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // First a cheap test whether the word has any byte below 0x20, a DEL or a 0xC2 at all
            // (never wrong when it says no; its borrows may mark the wrong byte, which is fine
            // here): most words have none, and this is about half the operations of the exact masks.
            let highs = ones &* 0x80
            let below = (word &- ones &* 0x20) & ~word
            let del = word ^ (ones &* 0x7F), c2 = word ^ (ones &* 0xC2)
            guard (below | ((del &- ones) & ~del) | ((c2 &- ones) & ~c2)) & highs != 0 else {
                index += 8
                continue
            }
            // Bytes below 0x20 but for tab and newline, DELs and 0xC2 lead bytes, found exactly (no
            // borrow between bytes): newlines and tabs, in every line of a page, are not suspects.
            let low = zeros(word & (ones &* 0xE0)) & ~zeros(word ^ (ones &* 0x0A)) & ~zeros(word ^ (ones &* 0x09))
            let other = zeros(word ^ (ones &* 0x7F)) | zeros(word ^ (ones &* 0xC2))
            if low | other != 0, let found = exact(base, from: index, to: index + 8, count: count) { return found }
            index += 8
        }
        return exact(base, from: index, to: count, count: count)
    }

    /// The high bit of each byte of `word` that is zero, and no other bit (exact: no carry between bytes).
    @inline(__always)
    private static func zeros(_ word: UInt64) -> UInt64 {
        let sevens: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & sevens) &+ sevens) | word) & ~sevens
    }

    private static func exact(_ base: UnsafeRawPointer, from start: Int, to end: Int, count: Int) -> Int? {
        var index = start
        while index < end {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte < 0x20 && byte != 0x09 && byte != 0x0A || byte == 0x7F { return index }
            if byte == 0xC2, index + 1 < count {
                let next = base.load(fromByteOffset: index + 1, as: UInt8.self)
                if next >= 0x80 && next <= 0x9F { return index }
            }
            index += 1
        }
        return nil
    }
}

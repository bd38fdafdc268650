/// The text of rendered HTML, for indexing: tags dropped (a block-level tag or `<br>` becomes a
/// space), `<script>` and `<style>` left out whole, the common entities decoded. Works on the UTF-8
/// bytes: every byte of markup is ASCII, and the text between is copied as it is.
package enum PlainText {
    package static func fromHTML(_ html: String) -> String {
        var html = html
        // Read once, not once per tag (each read of a static goes through its initialiser's guard).
        let (inlineTags, script, style) = (Self.inlineTags, Self.script, Self.style)
        return html.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    var end = index + 1
                    while end < count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                    let name = tagName(bytes, from: index + 1, to: end)
                    if name == script || name == style {
                        let closing = Array((name == script ? "</script" : "</style").utf8)
                        var search = end
                        while search + closing.count <= count {
                            if bytes[search] == UInt8(ascii: "<"), (0..<closing.count).allSatisfy({ lower(bytes[search + $0]) == closing[$0] }) { break }
                            search += 1
                        }
                        end = search
                        while end < count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                    }
                    if !inlineTags.contains(name) { output.append(0x20) }   // 0 (no name, or too long) is not there
                    index = end + 1
                    continue
                }
                if byte == UInt8(ascii: "&") {
                    var end = index + 1
                    while end < count, end - index < 10, bytes[end] != UInt8(ascii: ";") { end += 1 }
                    if end < count, bytes[end] == UInt8(ascii: ";"),
                       let decoded = decode(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self)) {
                        output.append(contentsOf: String(decoded).utf8)
                        index = end + 1
                        continue
                    }
                }
                // The text up to the next tag or entity, copied as one run.
                let end = nextMarkup(bytes, from: index + 1)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Where the first `<` or `&` at or after `start` is (the count when there is none), eight bytes
    /// at a time: the runs of text between tags are most of a body's bytes, and a loop comparing
    /// each byte twice was most of this function's time in a profile of a 10,000-item build.
    private static func nextMarkup(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = bytes.count
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                // A byte of `lessThan` (`ampersand`) is 0 where `word` has `<` (`&`); the lowest flagged byte of
                // each test is exact (a borrow only flags bytes above a real one).
                let lessThan = word ^ (ones &* 0x3C), ampersand = word ^ (ones &* 0x26)
                let found = ((lessThan &- ones) & ~lessThan | (ampersand &- ones) & ~ampersand) & highs
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
        return index
    }

    /// Tag names packed in a number (``pack(_:)``): compared without a String per tag.
    private static let inlineTags: [UInt64] = ["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i",
                                               "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup",
                                               "time", "u", "var", "wbr", "ruby", "rt", "rp"].map(pack)
    private static let script = pack("script")
    private static let style = pack("style")

    /// The bytes of a name of at most 8 letters and digits, little-endian.
    private static func pack(_ name: String) -> UInt64 {
        name.utf8.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

    /// The lower-case name of the tag whose `<` is before `start`, packed (``pack(_:)``); 0 when it
    /// has none or one longer than 8 characters (no tag that matters here is).
    private static func tagName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt64 {
        var index = start
        if index < end, bytes[index] == UInt8(ascii: "/") { index += 1 }
        var name: UInt64 = 0
        var length: UInt64 = 0
        while index < end {
            let byte = lower(bytes[index])
            guard (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) else { break }
            if length == 8 { return 0 }
            name |= UInt64(byte) << (8 * length)
            length += 1
            index += 1
        }
        return name
    }

    private static func decode(_ entity: String) -> Unicode.Scalar? {
        switch entity {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos", "#39": return "'"
        case "nbsp": return " "
        default:
            if entity.hasPrefix("#x") || entity.hasPrefix("#X") { return UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) }
            if entity.hasPrefix("#") { return UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init) }
            return nil
        }
    }
}

/// A small, forgiving reader of start tags and their attributes — enough to find links, ids and
/// images in the pages Cellar writes (and in theme templates, whose `{{…}}` tags it steps over).
/// Comments, closing tags and the text of `<script>` and `<style>` are skipped.
struct HTMLScanner {
    struct Attribute: Sendable {
        /// Lower-cased.
        var name: String
        /// The value as written (entities not decoded); nil for a bare attribute such as `hidden`.
        var raw: String?
        /// Byte offset of the value (or of the name, for a bare attribute).
        var offset: Int

        /// The value with character references decoded.
        var value: String? { raw.map(HTMLScanner.decodeEntities) }
    }

    struct Tag: Sendable {
        /// Lower-cased.
        var name: String
        var attributes: [Attribute]
        var offset: Int

        func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }
    }

    /// Every start tag of `bytes`, in order.
    /// - Parameter template: step over Mustache tags (`{{…}}`) outside attribute values.
    static func tags(in bytes: [UInt8], template: Bool = false) -> [Tag] {
        var tags: [Tag] = []
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if template, byte == UInt8(ascii: "{"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "{") {
                index = skipMustache(bytes, from: index)
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < count else { index += 1; continue }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                let isComment = index + 3 < count && bytes[index + 2] == UInt8(ascii: "-") && bytes[index + 3] == UInt8(ascii: "-")
                index = isComment ? (find(Array("-->".utf8), in: bytes, from: index + 4).map { $0 + 3 } ?? count)
                    : (find([UInt8(ascii: ">")], in: bytes, from: index + 2).map { $0 + 1 } ?? count)
                continue
            }
            if next == UInt8(ascii: "/") || next == UInt8(ascii: "?") {
                index = find([UInt8(ascii: ">")], in: bytes, from: index + 2).map { $0 + 1 } ?? count
                continue
            }
            guard isLetter(next) else { index += 1; continue }
            var cursor = index + 1
            while cursor < count, isNameByte(bytes[cursor]) { cursor += 1 }
            let name = lowercased(bytes[(index + 1)..<cursor])
            let (attributes, end) = readAttributes(bytes, from: cursor, template: template)
            tags.append(Tag(name: name, attributes: attributes, offset: index))
            index = end
            if name == "script" || name == "style" {
                index = findClosing(name, in: bytes, from: index) ?? count
            }
        }
        return tags
    }

    /// `&amp;` → `&`, `&#39;` → `'`, `&#x2F;` → `/`; unknown references stay as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            var scalar: Unicode.Scalar?
            switch name {
            case "amp": scalar = "&"
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            case "nbsp": scalar = "\u{A0}"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#") {
                    scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
                }
            }
            if let scalar {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    // MARK: - Private

    private static func readAttributes(_ bytes: [UInt8], from start: Int, template: Bool) -> ([Attribute], Int) {
        var attributes: [Attribute] = []
        var index = start
        let count = bytes.count
        while index < count {
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return (attributes, index + 1) }
            if byte == UInt8(ascii: "/") { index += 1; continue }
            if template, byte == UInt8(ascii: "{"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "{") {
                index = skipMustache(bytes, from: index)
                continue
            }
            let nameStart = index
            while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">"),
                  !(template && bytes[index] == UInt8(ascii: "{")) {
                index += 1
            }
            if index == nameStart { index += 1; continue }
            let name = lowercased(bytes[nameStart..<index])
            var probe = index
            while probe < count, isSpace(bytes[probe]) { probe += 1 }
            guard probe < count, bytes[probe] == UInt8(ascii: "=") else {
                attributes.append(Attribute(name: name, raw: nil, offset: nameStart))
                continue
            }
            index = probe + 1
            while index < count, isSpace(bytes[index]) { index += 1 }
            guard index < count else { break }
            let quote = bytes[index]
            let valueStart: Int
            let valueEnd: Int
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                valueStart = index + 1
                valueEnd = find([quote], in: bytes, from: valueStart) ?? count
                index = min(valueEnd + 1, count)
            } else {
                valueStart = index
                while index < count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                valueEnd = index
            }
            attributes.append(Attribute(name: name, raw: String(decoding: bytes[valueStart..<valueEnd], as: UTF8.self),
                                        offset: valueStart))
        }
        return (attributes, count)
    }

    private static func skipMustache(_ bytes: [UInt8], from start: Int) -> Int {
        guard let close = find(Array("}}".utf8), in: bytes, from: start + 2) else { return bytes.count }
        var end = close + 2
        if end < bytes.count, bytes[end] == UInt8(ascii: "}") { end += 1 }   // {{{triple}}}
        return end
    }

    private static func findClosing(_ name: String, in bytes: [UInt8], from start: Int) -> Int? {
        let needle = Array(("</" + name).utf8)
        var index = start
        while let found = find([UInt8(ascii: "<")], in: bytes, from: index) {
            if found + needle.count <= bytes.count,
               lowercased(bytes[found..<found + needle.count]) == "</" + name { return found }
            index = found + 1
        }
        return nil
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start < bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, needle.count == 1 || bytes[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}

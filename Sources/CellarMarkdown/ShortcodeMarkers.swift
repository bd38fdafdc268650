/// The markers that stand for shortcode calls while a body goes through libcmark: U+E000, the
/// call's number, U+E002 padding (and the call's own line breaks) to the call's length, U+E001.
/// Private-use characters are neither punctuation nor space, so no Markdown rule touches them.
enum ShortcodeMarkers {
    /// What a marker stands for.
    struct Marker {
        var call: ShortcodeCall
        /// `{{< /name >}}`.
        var isClosing: Bool
        /// `{{< name />}}`: never paired.
        var selfClosing: Bool
        /// The only text on its lines: its HTML replaces the paragraph around it.
        var alone: Bool
        /// For a closing tag: the marker of the call it closes.
        var opening: Int?
    }

    static let start: [UInt8] = [0xEE, 0x80, 0x80]
    static let end: [UInt8] = [0xEE, 0x80, 0x81]
    static let pad: [UInt8] = [0xEE, 0x80, 0x82]

    /// The marker of call `index` for the call's text: as many characters on each of its lines.
    static func bytes(index: Int, standingFor call: ArraySlice<UInt8>) -> [UInt8] {
        var parts: [[UInt8]] = [[]]
        var breaks: [[UInt8]] = []
        var position = call.startIndex
        while position < call.endIndex {
            let byte = call[position]
            if byte == 0x0A || byte == 0x0D {
                let crlf = byte == 0x0D && position + 1 < call.endIndex && call[position + 1] == 0x0A
                breaks.append(crlf ? [0x0D, 0x0A] : [byte])
                parts.append([])
                position += crlf ? 2 : 1
            } else {
                parts[parts.count - 1].append(byte)
                position += 1
            }
        }
        let digits = Array(String(index).utf8)
        var marker: [UInt8] = []
        for (number, part) in parts.enumerated() {
            let characters = String(decoding: part, as: UTF8.self).unicodeScalars.count
            var used = 0
            if number == 0 {
                marker += start + digits
                used = 1 + digits.count
            }
            let last = number == parts.count - 1
            for _ in 0..<max(0, characters - used - (last ? 1 : 0)) { marker += pad }
            if last { marker += end } else { marker += breaks[number] }
        }
        return marker
    }

    /// The HTML with each marker replaced by `replacement(index)`: a marker alone on its lines
    /// whose HTML is a block takes the place of its paragraph (closing it before, opening a new one
    /// after, when the paragraph goes on). A marker without replacement stays as it is.
    static func apply(_ html: String, replacement: (Int) -> (html: String, alone: Bool)?) -> String {
        let bytes = Array(html.utf8)
        guard contains(bytes, start) else { return html }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2)
        var index = 0
        while index < bytes.count {
            guard let (number, after) = marker(in: bytes, at: index), let (text, alone) = replacement(number) else {
                out.append(bytes[index])
                index += 1
                continue
            }
            var next = after
            if alone, insideParagraph(out) {
                let atStart = out.count >= 3 && out.suffix(3).elementsEqual(Array("<p>".utf8))
                let afterBreak = !atStart && out.last == 0x0A
                let closes = bytes[next...].starts(with: Array("</p>".utf8))
                let continues = next < bytes.count && bytes[next] == 0x0A
                if atStart || afterBreak {
                    out.removeLast(atStart ? 3 : 1)
                    if afterBreak { out += Array("</p>\n".utf8) }
                    out += Array(text.utf8)
                    if closes { next += 4 } else if continues { out += Array("\n<p>".utf8); next += 1 }
                    index = next
                    continue
                }
            }
            out += Array(text.utf8)
            index = next
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Text without markers (summaries, headings' text).
    static func strip(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard contains(bytes, start) else { return text }
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if let (_, after) = marker(in: bytes, at: index) {
                index = after
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Private

    /// The number of the marker at `offset` and the offset past it.
    private static func marker(in bytes: [UInt8], at offset: Int) -> (Int, Int)? {
        guard bytes[offset...].starts(with: start) else { return nil }
        var position = offset + 3
        var number = 0
        var digits = 0
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
            number = number * 10 + Int(bytes[position] - 0x30)
            position += 1
            digits += 1
        }
        guard digits > 0 else { return nil }
        while position < bytes.count {
            if bytes[position...].starts(with: pad) { position += 3 }
            else if bytes[position] == 0x0A || bytes[position] == 0x0D { position += 1 }
            else if bytes[position...].starts(with: end) { return (number, position + 3) }
            else { return nil }
        }
        return nil
    }

    /// Whether the HTML written so far is inside an open `<p>`: the last block tag is `<p>`.
    private static func insideParagraph(_ out: [UInt8]) -> Bool {
        let tags = ["<p>", "</p>", "<li>", "</li>", "<td", "<th", "<h1", "<h2", "<h3", "<h4", "<h5", "<h6", "<dd>", "<dt>",
                    "<blockquote>", "</blockquote>", "<div", "</div>", "<figure", "</figure>", "<aside", "</aside>",
                    "<details", "</details>", "<summary", "</summary>"].map { Array($0.utf8) }
        var position = out.count - 1
        while position >= 0 {
            if out[position] == UInt8(ascii: "<") {
                for tag in tags where out[position...].starts(with: tag) { return tag == tags[0] }
            }
            position -= 1
        }
        return false
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// Puts HTML in a canonical form before comparing, as the CommonMark test tools do: attributes sorted,
/// `/>` written `>`, whitespace collapsed outside `<pre>` and dropped around block-level tags. Heading
/// `id`s, which Cellar adds and the specs do not have, are left out.
enum HTMLNormalizer {
    private static let blockTags: Set<String> = [
        "article", "header", "aside", "hgroup", "blockquote", "hr", "iframe", "body", "li", "map", "button",
        "object", "canvas", "ol", "caption", "output", "col", "p", "colgroup", "pre", "dd", "progress", "div",
        "section", "dl", "table", "td", "dt", "tbody", "embed", "textarea", "fieldset", "tfoot", "figcaption",
        "th", "figure", "thead", "footer", "tr", "form", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "video",
        "script", "style",
    ]

    static func normalize(_ html: String) -> String {
        var output = ""
        var inPre = false
        var last: (tag: String, start: Bool)?   // the previous token, when it was a tag
        let characters = Array(html)
        var index = 0
        var text = ""

        func flushText() {
            guard !text.isEmpty else { return }
            var data = text
            text = ""
            if let last, last.tag == "br" { data = String(data.drop(while: { $0 == "\n" })) }
            if !inPre { data = collapse(data) }
            if let last, blockTags.contains(last.tag), !inPre {
                data = last.start ? String(data.drop(while: { $0 == " " })) : trim(data)
            }
            output += data
            last = nil
        }

        while index < characters.count {
            let character = characters[index]
            guard character == "<", let tag = Tag(characters, at: index) else {
                text.append(character)
                index += 1
                continue
            }
            flushText()
            index = tag.end
            guard let name = tag.name else {
                output += tag.raw
                last = nil
                continue
            }
            if blockTags.contains(name) { output = trimEnd(output) }
            if tag.closing {
                if name == "pre" { inPre = false }
                output += "</\(name)>"
            } else {
                if name == "pre" { inPre = true }
                var attributes = tag.attributes
                if name.count == 2, name.hasPrefix("h"), name.last?.isNumber == true {
                    attributes.removeAll { $0.name == "id" }
                }
                output += "<" + name + attributes.sorted { $0.name < $1.name }.map { attribute in
                    attribute.value.map { " \(attribute.name)=\"\($0)\"" } ?? " \(attribute.name)"
                }.joined() + ">"
            }
            last = (name, !tag.closing)
        }
        flushText()
        return trimEnd(output)
    }

    private static func collapse(_ text: String) -> String {
        var result = ""
        var space = false
        for character in text {
            if character == " " || character == "\n" || character == "\t" || character == "\r" {
                space = true
            } else {
                if space { result.append(" ") }
                space = false
                result.append(character)
            }
        }
        if space { result.append(" ") }
        return result
    }

    private static func trim(_ text: String) -> String { trimEnd(String(text.drop(while: { $0.isWhitespace }))) }

    private static func trimEnd(_ text: String) -> String {
        var text = text
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }

    /// A tag (or comment, or declaration) starting at `<`.
    private struct Tag {
        var name: String?
        var closing = false
        var attributes: [(name: String, value: String?)] = []
        var raw = ""
        var end: Int

        init?(_ characters: [Character], at start: Int) {
            var index = start + 1
            guard index < characters.count else { return nil }
            if characters[index] == "!" || characters[index] == "?" {
                let terminator: [Character] = characters[index...].starts(with: "!--") ? ["-", "-", ">"] : [">"]
                var probe = index
                while probe < characters.count, !characters[probe...].starts(with: terminator) { probe += 1 }
                guard probe < characters.count else { return nil }
                end = probe + terminator.count
                raw = String(characters[start..<end])
                return
            }
            if characters[index] == "/" { closing = true; index += 1 }
            guard index < characters.count, characters[index].isLetter else { return nil }
            var name = ""
            while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "-" {
                name.append(characters[index])
                index += 1
            }
            while index < characters.count {
                let character = characters[index]
                if character == ">" { break }
                if character.isWhitespace || character == "/" { index += 1; continue }
                var attribute = ""
                while index < characters.count, !characters[index].isWhitespace, !"=>/".contains(characters[index]) {
                    attribute.append(characters[index])
                    index += 1
                }
                guard !attribute.isEmpty else { return nil }
                var value: String?
                if index < characters.count, characters[index] == "=" {
                    index += 1
                    var parsed = ""
                    if index < characters.count, characters[index] == "\"" || characters[index] == "'" {
                        let quote = characters[index]
                        index += 1
                        while index < characters.count, characters[index] != quote { parsed.append(characters[index]); index += 1 }
                        index += 1
                    } else {
                        while index < characters.count, !characters[index].isWhitespace, characters[index] != ">" {
                            parsed.append(characters[index])
                            index += 1
                        }
                    }
                    value = parsed
                }
                attributes.append((attribute.lowercased(), value))
            }
            guard index < characters.count else { return nil }
            end = index + 1
            self.name = name.lowercased()
        }
    }
}

/// The text of rendered HTML, for indexing: tags dropped (a block-level tag or `<br>` becomes a
/// space), `<script>` and `<style>` left out whole, the common entities decoded.
package enum PlainText {
    package static func fromHTML(_ html: String) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<" {
                var end = index + 1
                while end < scalars.count, scalars[end] != ">" { end += 1 }
                let name = tagName(scalars, from: index + 1, to: end)
                if name == "script" || name == "style" {
                    // Skip to the closing tag.
                    let closing = Array("</\(name)".unicodeScalars)
                    var search = end
                    while search < scalars.count {
                        if scalars[search] == "<", search + closing.count <= scalars.count,
                           String(String.UnicodeScalarView(scalars[search..<(search + closing.count)])).lowercased() == "</\(name)" { break }
                        search += 1
                    }
                    end = search
                    while end < scalars.count, scalars[end] != ">" { end += 1 }
                }
                if !inlineTags.contains(name) { output.append(" ") }
                index = end + 1
                continue
            }
            if scalar == "&" {
                var end = index + 1
                while end < scalars.count, end - index < 10, scalars[end] != ";" { end += 1 }
                if end < scalars.count, scalars[end] == ";" {
                    let entity = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                    if let decoded = decode(entity) {
                        output.append(decoded)
                        index = end + 1
                        continue
                    }
                }
            }
            output.append(scalar)
            index += 1
        }
        return String(output)
    }

    private static let inlineTags: Set<String> = ["a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i",
                                                  "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strong", "sub", "sup",
                                                  "time", "u", "var", "wbr", "ruby", "rt", "rp"]

    private static func tagName(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> String {
        var index = start
        if index < end, scalars[index] == "/" { index += 1 }
        var name = ""
        while index < end, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        return name.lowercased()
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

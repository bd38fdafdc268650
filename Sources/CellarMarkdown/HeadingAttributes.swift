/// Attributes written at the end of a heading, as Goldmark (Hugo's default) and kramdown read
/// them: `## Install {#setup .wide}` gives the heading `id="setup"` and `class="wide"`, and the
/// braces are no part of its text.
struct HeadingAttributes: Equatable {
    var id: String?
    var classes: [String] = []

    /// The attributes ending `text` and the text before them (trailing space dropped); nil when the
    /// text does not end in a `{…}` of `#id`, `.class` and `key=value` words.
    static func split(_ text: String) -> (text: String, attributes: HeadingAttributes)? {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == " " || text[text.index(before: end)] == "\t" {
            end = text.index(before: end)
        }
        guard end > text.startIndex, text[text.index(before: end)] == "}",
              let open = text[..<end].lastIndex(of: "{") else { return nil }
        var inside = text[text.index(after: open)..<text.index(before: end)]
        if inside.first == ":" { inside = inside.dropFirst() }   // kramdown's `{: #id}`
        var attributes = HeadingAttributes()
        for word in inside.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            if word.first == "#", word.count > 1, !word.dropFirst().contains(where: { $0 == "#" || $0 == "\"" || $0 == "<" || $0 == ">" }) {
                attributes.id = String(word.dropFirst())
            } else if word.first == ".", word.count > 1 {
                attributes.classes.append(String(word.dropFirst()))
            } else if !word.contains("=") {
                return nil
            }
        }
        guard attributes.id != nil || !attributes.classes.isEmpty else { return nil }
        var before = text[..<open]
        while before.last == " " || before.last == "\t" { before = before.dropLast() }
        return (String(before), attributes)
    }
}

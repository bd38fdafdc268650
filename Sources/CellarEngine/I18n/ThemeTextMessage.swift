/// One text of a theme in one language: plain words with `{name}` placeholders that a template
/// fills from the names visible where it uses the text, in one form or — when it counts — one form
/// per plural category (`one: "{reading_time} min read"`, `other: …`).
struct ThemeTextMessage: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    /// The forms by category; a text that does not count has only `other`.
    let forms: [PluralCategory: [Segment]]
    /// Every placeholder name, in any form, each once, in order of first use.
    let placeholders: [String]
    /// The whole text, for one that does not count and has no placeholder (most of a theme's):
    /// rendered on every page, so worked out once.
    private let plain: String?

    init(forms: [PluralCategory: String]) {
        self.forms = forms.mapValues(Self.segments)
        var names: [String] = []
        for category in PluralCategory.allCases {
            for case .placeholder(let name) in self.forms[category] ?? [] where !names.contains(name) { names.append(name) }
        }
        placeholders = names
        plain = if names.isEmpty, self.forms.count == 1, let other = self.forms[.other] {
            other.reduce(into: "") { text, segment in if case .literal(let words) = segment { text += words } }
        } else {
            nil
        }
    }

    /// Whether the text has forms for counts.
    var counts: Bool { forms.count > 1 || forms[.other] == nil }

    /// The text with its placeholders filled by `value`; the first placeholder that is a whole
    /// number chooses the plural form of `language`.
    func render(language: String, value: (String) -> String?) -> String {
        if let plain { return plain }
        // A text has a placeholder or two: their values side by side with their names, found by
        // looking along (a dictionary hashed each name, for every page and cell that shows a text).
        var filled: [String] = []
        filled.reserveCapacity(placeholders.count)
        var count: Int?
        for name in placeholders {
            let text = value(name) ?? ""
            filled.append(text)
            if count == nil, forms.count > 1, let number = Int(text) { count = number }   // one form: nothing to choose
        }
        let category = count.map { PluralCategory.of($0, in: language) } ?? .other
        let segments = forms.count == 1 ? forms.values.first ?? [] : forms[category] ?? forms[.other] ?? forms.values.first ?? []
        var result = ""
        for segment in segments {
            switch segment {
            case .literal(let text): result += text
            case .placeholder(let name): result += placeholders.firstIndex(of: name).map { filled[$0] } ?? ""
            }
        }
        return result
    }

    /// `"{reading_time} min read"` → placeholder, literal. A brace that does not open a name
    /// (`{`, `{ x}`) is text.
    static func segments(_ text: String) -> [Segment] {
        var segments: [Segment] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), isName(after[..<close]) {
                if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
                segments.append(.placeholder(String(after[..<close])))
                rest = after[after.index(after: close)...]
            } else {
                literal += "{"
                rest = after
            }
        }
        literal += rest
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }

    /// A Mustache name: letters, digits and `_`, parts joined by `.` (`site.title`).
    static func isName(_ text: Substring) -> Bool {
        !text.isEmpty && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.first, first.isASCII, first.isLetter || first == "_" else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
    }
}

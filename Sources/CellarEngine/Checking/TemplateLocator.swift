import CellarDiagnostics
import CellarFiles

/// Finds the template line a link or image of a rendered page comes from, by matching the
/// rendered value against each template attribute with `{{…}}` read as "anything"; the most
/// specific match wins, and a tie means it cannot tell.
struct TemplateLocator: Sendable {
    private struct Candidate: Sendable {
        var tag: String
        var attribute: String
        /// The literal parts around the Mustache tags of the value.
        var parts: [String]
        var hasAlt: Bool
        var location: SourceLocation

        var specificity: Int { parts.reduce(0) { $0 + $1.count } }

        func matches(_ value: String) -> Bool {
            guard parts.count > 1 else { return parts.first == value }
            guard let first = parts.first, let last = parts.last, value.hasPrefix(first), value.hasSuffix(last),
                  value.count >= first.count + last.count else { return false }
            var rest = Substring(value.dropFirst(first.count).dropLast(last.count))
            for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
                guard let range = rest.range(of: middle) else { return false }
                rest = rest[range.upperBound...]
            }
            return true
        }
    }

    private var candidates: [Candidate] = []

    /// Reads every template of the theme (`cells/`, `layouts/`, `pages/`, `partials/`), each
    /// where the site has it when it overrides the theme's.
    init(theme: Theme) {
        for folder in ["cells", "layouts", "pages", "partials"] {
            for (name, file) in theme.files.entries(in: folder) where name.hasSuffix(".html") {
                guard let bytes = try? FileIO.read(file.path, limit: 1 << 20) else { continue }
                add(bytes, file: file.display)
            }
        }
    }

    /// Where `<tag attribute="value">` of a rendered page is written, when one template says it.
    func locate(tag: String, attribute: String, value: String) -> SourceLocation? {
        best(candidates.filter { $0.tag == tag && $0.attribute == attribute && $0.matches(value) })
    }

    /// Where an `<img>` without `alt` whose `src` is `source` is written, when one template says it.
    func locateImageWithoutAlt(source: String) -> SourceLocation? {
        best(candidates.filter { $0.tag == "img" && $0.attribute == "src" && !$0.hasAlt && $0.matches(source) })
    }

    // MARK: - Private

    private func best(_ matches: [Candidate]) -> SourceLocation? {
        // A value made almost only of Mustache tags (`{{url}}`) could come from anywhere.
        let telling = matches.filter { $0.parts.count == 1 || $0.specificity >= 2 }
        guard let top = telling.map(\.specificity).max() else { return nil }
        let winners = Set(telling.filter { $0.specificity == top }.map(\.location))
        return winners.count == 1 ? winners.first : nil
    }

    private mutating func add(_ bytes: [UInt8], file: String) {
        var lineStarts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        func location(_ offset: Int) -> SourceLocation {
            let line = (lineStarts.lastIndex { $0 <= offset } ?? 0) + 1
            let column = String(decoding: bytes[lineStarts[line - 1]..<offset], as: UTF8.self).unicodeScalars.count + 1
            return SourceLocation(file: file, line: line, column: column)
        }
        for tag in HTMLScanner.tags(in: bytes, template: true) {
            for attribute in tag.attributes {
                guard HTMLPageFacts.linkAttributes[tag.name] == attribute.name, let raw = attribute.raw else { continue }
                candidates.append(Candidate(tag: tag.name, attribute: attribute.name, parts: Self.literalParts(raw),
                                            hasAlt: tag.attribute("alt") != nil, location: location(attribute.offset)))
            }
            if tag.name == "img", tag.attribute("src") == nil, tag.attribute("alt") == nil {
                candidates.append(Candidate(tag: "img", attribute: "src", parts: [""], hasAlt: false,
                                            location: location(tag.offset)))
            }
        }
    }

    /// `{{site.base_path}}css/{{name}}.css` → `["", "css/", ".css"]` (entities decoded, as pages have them).
    static func literalParts(_ raw: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(raw)
        while let open = rest.range(of: "{{") {
            parts.append(HTMLScanner.decodeEntities(String(rest[..<open.lowerBound])))
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { return parts + [""] }
            rest = rest[close.upperBound...]
            if rest.first == "}" { rest = rest.dropFirst() }
        }
        parts.append(HTMLScanner.decodeEntities(String(rest)))
        return parts
    }
}

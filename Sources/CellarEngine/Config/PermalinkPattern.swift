import CellarDiagnostics
import Foundation

/// A section's URL pattern, such as `/:year/:month/:slug/`.
package struct PermalinkPattern: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case literal(String)
        case year, month, day, slug, section, title, kind
    }

    let parts: [Part]
    package let source: String

    static let placeholders: [String: Part] = [
        "year": .year, "month": .month, "day": .day, "slug": .slug, "section": .section, "title": .title, "kind": .kind,
    ]

    /// Parses a pattern; the diagnostic explains what is wrong with it.
    package init(_ text: String, at location: SourceLocation?) throws(Diagnostic) {
        source = text
        var parts: [Part] = []
        for segment in text.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == ".." || segment == "." {
                throw .error("permalink '\(text)' may not contain '\(segment)'", at: location)
            }
            // Literal text becomes folder names as written: nothing a URL or a file name reads differently.
            if let bad = segment.unicodeScalars.first(where: {
                $0 == "\\" || $0 == "?" || $0 == "#" || $0 == "%" || $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
            }) {
                let shown = bad.value < 0x20 || bad.value == 0x7F ? bad.escaped(asASCII: false) : String(bad)
                throw .error("permalink '\(text)' may not contain '\(shown)'", at: location,
                             hint: "use letters, digits, '-', '_' and '.' between the slashes")
            }
            var literal = ""
            var index = segment.startIndex
            while index < segment.endIndex {
                if segment[index] == ":" {
                    let nameEnd = segment[segment.index(after: index)...].firstIndex { !($0.isLetter || $0 == "_") }
                        ?? segment.endIndex
                    let name = String(segment[segment.index(after: index)..<nameEnd])
                    guard let part = Self.placeholders[name] else {
                        throw .error(
                            "unknown permalink placeholder ':\(name)' in '\(text)'" + (Suggestion.closest(
                                to: name, in: Self.placeholders.keys.sorted()).map { "; did you mean ':\($0)'?" } ?? ""),
                            at: location, hint: "placeholders: :year, :month, :day, :slug, :title, :section, :kind")
                    }
                    if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                    parts.append(part)
                    index = nameEnd
                } else {
                    literal.append(segment[index])
                    index = segment.index(after: index)
                }
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            parts.append(.literal("/"))
        }
        guard !parts.isEmpty else {
            throw .error("permalink '\(text)' is empty", at: location, hint: "for example: /:year/:month/:slug/")
        }
        self.parts = parts
    }

    /// The URL of an item; nil when the pattern needs a date the item lacks.
    package func expand(slug: String, title: String, section: String, kind: String, date: Date?, timeZone: TimeZone) -> URLPath? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = date.map { calendar.dateComponents([.year, .month, .day], from: $0) }
        var result = ""
        for part in parts {
            switch part {
            case .literal(let text): result += text
            case .slug: result += slug
            case .title: result += Slug.make(title)
            case .section: result += section
            case .kind: result += kind
            case .year:
                guard let year = components?.year else { return nil }
                result += String(format: "%04d", year)
            case .month:
                guard let month = components?.month else { return nil }
                result += String(format: "%02d", month)
            case .day:
                guard let day = components?.day else { return nil }
                result += String(format: "%02d", day)
            }
        }
        return URLPath(result)
    }
}

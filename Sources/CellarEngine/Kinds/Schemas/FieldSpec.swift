import CellarDiagnostics
import Foundation

/// One field of a kind: its name, type and constraints.
package struct FieldSpec: Sendable, Hashable {
    package var name: String
    package var type: FieldType
    package var required: Bool
    package var defaultValue: FieldValue?
    /// Bounds: the value for numbers, the length for text, seconds since 1970 for dates.
    package var minimum: Double?
    package var maximum: Double?
    package var minItems: Int?
    package var maxItems: Int?
    package var description: String?
    /// How pages name the field (`label:`); nil: its name in words.
    package var label: String?
    /// For `enum` fields given as `values: {must-see: Must see, …}`: each value's label.
    var valueLabels: [String: String] = [:]
    /// For `image` fields: the field holding the image's alt text (`alt:`, else `<name>_alt` when the kind has it).
    var altField: String?
    /// For `path` fields: whether an https URL is accepted as well as a file of the site (`remote: true`),
    /// as `image` fields always do; e.g. a video played from another host.
    var acceptsRemote = false
    /// Where the field is declared (in the kind's schema file).
    package var location: SourceLocation?

    package init(
        name: String, type: FieldType, required: Bool = true, defaultValue: FieldValue? = nil,
        minimum: Double? = nil, maximum: Double? = nil, minItems: Int? = nil, maxItems: Int? = nil,
        description: String? = nil, location: SourceLocation? = nil
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.minItems = minItems
        self.maxItems = maxItems
        self.description = description
        self.location = location
    }

    /// The label pages show: `label:`, else the name in words (`source_url` → "Source url").
    var displayLabel: String {
        if let label { return label }
        let words = name.replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// What a valid value looks like, for messages: "an integer from 0 to 10", "one of a, b, c".
    var expectation: String {
        Self.expectation(for: type, minimum: minimum, maximum: maximum) + (acceptsRemote && type == .path ? " or an https URL" : "")
    }

    static func expectation(for type: FieldType, minimum: Double?, maximum: Double?) -> String {
        switch type {
        case .int: return "an integer" + numericBounds(minimum, maximum, integer: true)
        case .number: return "a number" + numericBounds(minimum, maximum, integer: false)
        case .string, .text, .markdown:
            let noun = type == .string ? "text" : "text (\(type == .text ? "inline " : "")Markdown)"
            switch (minimum, maximum) {
            case let (low?, high?): return "\(noun) of \(Int(low)) to \(characters(Int(high)))"
            case let (low?, nil): return "\(noun) of at least \(characters(Int(low)))"
            case let (nil, high?): return "\(noun) of at most \(characters(Int(high)))"
            default: return noun
            }
        case .bool: return "true or false"
        case .date:
            let base = "a date (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS with an optional zone)"
            switch (minimum, maximum) {
            case let (low?, high?): return base + " from \(day(low)) to \(day(high))"
            case let (low?, nil): return base + " on or after \(day(low))"
            case let (nil, high?): return base + " on or before \(day(high))"
            default: return base
            }
        case .url: return "a URL (https://… or /path)"
        case .image: return "an image path (/images/x.png from content/, or x.png beside the item) or an https URL"
        case .path: return "a file path (/x.pdf from content/, or x.pdf beside the item)"
        case .enumeration(let values): return "one of " + values.joined(separator: ", ")
        case .list(let element): return "a list of " + plural(element)
        case .object: return "a mapping"
        }
    }

    private static func characters(_ count: Int) -> String {
        count == 1 ? "1 character" : "\(count) characters"
    }

    private static func numericBounds(_ low: Double?, _ high: Double?, integer: Bool) -> String {
        func show(_ value: Double) -> String { integer || value == value.rounded() ? String(Int(value)) : String(value) }
        switch (low, high) {
        case let (low?, high?): return " from \(show(low)) to \(show(high))"
        case let (low?, nil): return " of at least \(show(low))"
        case let (nil, high?): return " of at most \(show(high))"
        default: return ""
        }
    }

    private static func plural(_ type: FieldType) -> String {
        switch type {
        case .string, .text, .markdown: "text"
        case .int: "integers"
        case .number: "numbers"
        case .bool: "true/false values"
        case .date: "dates"
        case .url: "URLs"
        case .image: "images"
        case .path: "file paths"
        case .enumeration(let values): "values from " + values.joined(separator: ", ")
        case .list: "lists"
        case .object: "mappings"
        }
    }

    private static func day(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// A placeholder for `cellar new` and hints: `<integer from 0 to 10>`.
    package var placeholder: String {
        switch type {
        case .enumeration(let values): "<\(values.joined(separator: " | "))>"
        case .list: "[]"
        default:
            "<" + expectation.replacingOccurrences(of: "an ", with: "").replacingOccurrences(of: "a ", with: "") + ">"
        }
    }
}

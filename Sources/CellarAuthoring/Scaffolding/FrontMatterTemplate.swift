import CellarEngine
/// The text of a new item for `cellar new <kind>`: front matter listing every field of the kind.
///
/// Required fields get a placeholder such as `rating: <integer from 0 to 10>`: a plain scalar in
/// angle brackets is never a value, so the item fails to build until each one is filled in and
/// nothing half-written is published. Optional fields are commented out with their type and
/// description; fields with a default are commented out with the default.
struct FrontMatterTemplate: Sendable {
    var kind: KindDefinition
    /// Whether to write `kind:` (when the section's kind is another).
    var writesKind: Bool
    var title: String?
    /// The `date:` value, already formatted.
    var date: String

    /// Whether the text holds a `<placeholder>` to fill in (a missing title, a required field).
    var hasPlaceholders: Bool {
        title == nil || kind.fields.fields.contains { !Self.written.contains($0.name) && $0.required && $0.defaultValue == nil }
    }

    /// Fields written by the template itself rather than from the kind's own list.
    static let written: Set<String> = ["title", "date", "kind"]

    var text: String {
        var lines = ["---"]
        if let title {
            lines.append("title: " + YAMLText.quoted(title))
        } else {
            lines.append("title: " + (BuiltinSchemas.common["title"]?.placeholder ?? "<title>"))
        }
        lines.append("date: " + date)
        if writesKind { lines.append("kind: " + kind.name) }
        for spec in kind.fields.fields where !Self.written.contains(spec.name) {
            lines += Self.lines(for: spec, indent: "")
        }
        lines.append("---")
        lines.append("")
        lines.append("Write the \(kind.label.lowercased()) here, in Markdown.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of one field: a placeholder when required, else a comment.
    static func lines(for spec: FieldSpec, indent: String) -> [String] {
        let summary = FieldSummary(spec)
        let about = summary.description.map { " — " + $0 } ?? ""
        let comment = summary.description.map { "   # " + $0 } ?? ""
        if let value = summary.defaultValue {
            // An enum's default is one of several: say which.
            if case .enumeration(let values) = spec.type {
                return [indent + "# \(spec.name): \(value)\(about) (default; one of \(values.joined(separator: " | ")))"]
            }
            return [indent + "# \(spec.name): \(value)\(about) (default)"]
        }
        guard spec.required else {
            let bounds = summary.bounds.map { ", " + $0 } ?? ""
            return [indent + "# \(spec.name): \(summary.type)\(bounds)\(about)"]
        }
        switch spec.type {
        case .list(let element):
            let item = FieldSpec(name: spec.name, type: element)
            if case .object = element { return [indent + "\(spec.name): \(spec.placeholder)\(comment)"] }
            if case .list = element { return [indent + "\(spec.name): \(spec.placeholder)\(comment)"] }
            let count = max(1, spec.minItems ?? 1)
            return [indent + "\(spec.name):\(comment)"]
                + Array(repeating: indent + "  - " + item.placeholder, count: min(count, 3))
        case .object(let fields):
            return [indent + "\(spec.name):\(comment)"] + fields.flatMap { lines(for: $0, indent: indent + "  ") }
        default:
            return [indent + "\(spec.name): \(spec.placeholder)\(comment)"]
        }
    }
}

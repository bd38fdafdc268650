import CellarEngine
import Foundation

/// A field of a kind described in a few words, for `cellar kinds` and the comments `cellar new`
/// writes: `image?`, `enum: must-see | good | skip`, `0…10`, `at least 1 item`.
package struct FieldSummary: Sendable, Hashable {
    package var name: String
    /// `int`, `image?`, `[string]`, `enum: must-see | good | skip` (`?` marks an optional field without default).
    package var type: String
    /// `0…10`, `at most 160 characters`, `at least 1 item`; nil when unbounded.
    package var bounds: String?
    /// The default as it would be written in front matter (`false`, `good`); nil when none.
    package var defaultValue: String?
    package var description: String?
    package var required: Bool

    package init(_ spec: FieldSpec) {
        name = spec.name
        required = spec.required
        let optional = !spec.required && spec.defaultValue == nil
        type = Self.typeText(spec.type, optional: optional)
        bounds = Self.boundsText(spec)
        defaultValue = spec.defaultValue.flatMap(Self.valueText)
        description = spec.description.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
    }

    static func typeText(_ type: FieldType, optional: Bool) -> String {
        let mark = optional ? "?" : ""
        switch type {
        case .enumeration(let values): return "enum\(mark): " + values.joined(separator: " | ")
        case .list(let element): return "[\(typeText(element, optional: false))]" + mark
        default: return type.description + mark
        }
    }

    static func boundsText(_ spec: FieldSpec) -> String? {
        var parts: [String] = []
        func range(_ low: String?, _ high: String?, unit: String = "", plural: Bool = false) -> String? {
            func units(_ count: String) -> String {
                unit.isEmpty ? "" : " " + unit + (plural && count != "1" ? "s" : "")
            }
            switch (low, high) {
            case let (low?, high?): return "\(low)…\(high)" + units(high)
            case let (low?, nil): return "at least \(low)" + units(low)
            case let (nil, high?): return "at most \(high)" + units(high)
            default: return nil
            }
        }
        func number(_ value: Double?) -> String? {
            value.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) }
        }
        switch spec.type {
        case .int, .number:
            range(number(spec.minimum), number(spec.maximum)).map { parts.append($0) }
        case .string, .text, .markdown:
            range(number(spec.minimum), number(spec.maximum), unit: "character", plural: true).map { parts.append($0) }
        case .date:
            let day = { (seconds: Double) in Self.day(Date(timeIntervalSince1970: seconds)) }
            switch (spec.minimum, spec.maximum) {
            case let (low?, high?): parts.append("\(day(low))…\(day(high))")
            case let (low?, nil): parts.append("from \(day(low))")
            case let (nil, high?): parts.append("until \(day(high))")
            default: break
            }
        case .list:
            range(spec.minItems.map(String.init), spec.maxItems.map(String.init), unit: "item", plural: true)
                .map { parts.append($0) }
        default:
            break
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// A typed value written back as front matter would hold it.
    static func valueText(_ value: FieldValue) -> String? {
        switch value {
        case .string(let text), .url(let text): return YAMLText.scalar(text)
        case .html(_, let source): return YAMLText.scalar(source)
        case .int(let number): return String(number)
        case .number(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .date(let date): return day(date)
        case .file(let reference): return YAMLText.scalar(reference.written)
        case .list(let items): return "[" + items.compactMap { valueText($0.value) }.joined(separator: ", ") + "]"
        case .object, .null: return nil
        }
    }

    private static func day(_ date: Date) -> String {
        DateFormatting.utc.day(date)
    }
}

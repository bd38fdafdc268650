import CellarMustache
import Foundation

/// An `enum` field's value: prints the value; `{{#style.toggle}}` (or `style.is_toggle`) tests it;
/// `.label` is its label.
struct EnumValueContext: MustacheObject {
    let value: String
    let values: [String]
    /// Its label from the schema (`values: {must-see: Must see}`), else the value.
    let label: String

    var mustacheInterpolation: MustacheValue? { .string(value) }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        let name = key.hasPrefix("is_") ? String(key.dropFirst(3)) : key
        if key == "value" { return .string(value) }
        if key == "label" { return .string(label) }
        return values.contains(name) ? .bool(name == value) : nil
    }
}

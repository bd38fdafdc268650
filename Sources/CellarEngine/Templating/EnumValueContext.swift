import CellarMustache
import Foundation

/// An `enum` field's value: prints the value; `{{#style.toggle}}` (or `style.is_toggle`) tests it.
struct EnumValueContext: MustacheObject {
    let value: String
    let values: [String]

    var mustacheInterpolation: MustacheValue? { .string(value) }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        let name = key.hasPrefix("is_") ? String(key.dropFirst(3)) : key
        if name == "value" { return .string(value) }
        return values.contains(name) ? .bool(name == value) : nil
    }
}

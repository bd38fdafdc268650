extension MustacheValue {
    /// The value named `key` inside this one: a hash's entry or a Swift object's answer.
    @inline(__always)
    func child(forKey key: String) -> MustacheValue? {
        switch self {
        case .object(let dictionary): dictionary[key]
        case .custom(let object): object.mustacheValue(forKey: key)
        default: nil
        }
    }

    /// The value named `key` inside this one, for a dotted name's later parts: a Swift object may
    /// consult the names visible at the tag (see ``MustacheObject/mustacheValue(forKey:in:)``).
    @inline(__always)
    func child(forKey key: String, in scope: MustacheScope) -> MustacheValue? {
        switch self {
        case .object(let dictionary): dictionary[key]
        case .custom(let object): object.mustacheValue(forKey: key, in: scope)
        default: nil
        }
    }

    /// Falsy: `.null`, `false`, an empty list (or a custom object that says so); all else is truthy.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .list(let elements): !elements.isEmpty
        case .custom(let object): object.mustacheListElements.map { !$0.isEmpty } ?? object.mustacheIsTruthy
        default: true
        }
    }

    /// What `{{{x}}}` would print, or nil when the value prints nothing; names a dynamic partial.
    var interpolatedText: String? {
        switch self {
        case .null, .list, .object: nil
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): Self.format(value)
        case .string(let value), .html(let value): value
        case .custom(let object):
            switch object.mustacheInterpolation {
            case .none, .custom: nil
            case .some(let value): value.interpolatedText
            }
        }
    }

    /// Integral doubles print without `.0`; others in Swift's shortest round-trip form (`1.21`).
    static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 {
            return String(Int(value))
        }
        return value.description
    }
}

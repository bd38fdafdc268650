/// One value on the context stack. Frames are classes with `let` fields so that a lookup can read a
/// hash or a Swift object in place, without copying it (and touching its reference count) first.
class ContextFrame {
    let value: MustacheValue

    init(_ value: MustacheValue) {
        self.value = value
    }

    /// The value this frame has for `key`; plain values have none.
    func child(forKey key: String) -> MustacheValue? {
        nil
    }

    static func make(_ value: MustacheValue) -> ContextFrame {
        switch value {
        case .object(let dictionary): ObjectFrame(value, dictionary: dictionary)
        case .custom(let object): CustomFrame(value, object: object)
        default: ContextFrame(value)
        }
    }
}

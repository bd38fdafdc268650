/// A hash on the context stack.
final class ObjectFrame: ContextFrame {
    let dictionary: [String: MustacheValue]

    init(_ value: MustacheValue, dictionary: [String: MustacheValue]) {
        self.dictionary = dictionary
        super.init(value)
    }

    override func child(forKey key: String) -> MustacheValue? {
        dictionary[key]
    }
}

/// A ``MustacheObject`` on the context stack.
final class CustomFrame: ContextFrame {
    let object: any MustacheObject

    init(_ value: MustacheValue, object: any MustacheObject) {
        self.object = object
        super.init(value)
    }

    override func child(forKey key: String) -> MustacheValue? {
        object.mustacheValue(forKey: key)
    }
}

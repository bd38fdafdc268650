/// The names visible where a tag is: what a ``MustacheObject`` may consult when its answer depends
/// on where it is used — a translated text that counts `{reading_time}` inside an item's cell.
///
/// A scope is only valid during the call it is given to; do not keep it.
package struct MustacheScope {
    private let frames: UnsafeMutablePointer<Unmanaged<ContextFrame>>
    private let count: Int

    init(frames: UnsafeMutablePointer<Unmanaged<ContextFrame>>, count: Int) {
        self.frames = frames
        self.count = count
    }

    /// The innermost value: what `{{.}}` would print there.
    package var top: MustacheValue {
        frames[count - 1]._withUnsafeGuaranteedRef { $0.value }
    }

    /// What `{{name}}` would resolve to there (`a.b` dotted names too; `.` is ``top``), or nil.
    package func lookup(_ name: String) -> MustacheValue? {
        guard let path = VariablePath(name) else { return nil }
        switch path {
        case .implicit:
            return top
        case .key(let key):
            return value(forKey: key)
        case .dotted(let first, let rest):
            guard var value = value(forKey: first) else { return nil }
            for key in rest {
                guard let next = value.child(forKey: key) else { return nil }
                value = next
            }
            return value
        }
    }

    /// What `{{name}}` would print there, or nil when it prints nothing.
    package func text(_ name: String) -> String? {
        lookup(name)?.interpolatedText
    }

    /// The first value that has `key`, walking from the innermost frame out (``ContextStack`` looks up through here).
    @inline(__always)
    func value(forKey key: String) -> MustacheValue? {
        var index = count - 1
        while index >= 0 {
            if let value = frames[index]._withUnsafeGuaranteedRef({ $0.child(forKey: key) }) {
                return value
            }
            index -= 1
        }
        return nil
    }
}

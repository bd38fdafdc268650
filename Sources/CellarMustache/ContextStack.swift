/// The context stack of one render. It keeps its frames retained by hand (as `Unmanaged`
/// references, released on pop and in `deinit`) so that lookups borrow them instead of retaining
/// and releasing each frame they look through.
struct ContextStack: ~Copyable {
    private var frames: UnsafeMutablePointer<Unmanaged<ContextFrame>>
    private var capacity = 8
    private var count = 0

    init(root: MustacheValue) {
        frames = .allocate(capacity: capacity)
        frames.initialize(to: .passRetained(ContextFrame.make(root)))
        count = 1
    }

    deinit {
        for index in 0..<count {
            frames[index].release()
        }
        frames.deallocate()
    }

    /// The innermost value: what `{{.}}` prints.
    var top: MustacheValue {
        scope.top
    }

    mutating func push(_ value: MustacheValue) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Unmanaged<ContextFrame>>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: frames, count: count)
            frames.deallocate()
            frames = grown
            capacity *= 2
        }
        (frames + count).initialize(to: .passRetained(ContextFrame.make(value)))
        count += 1
    }

    /// Removes the innermost value; the root is never popped.
    mutating func pop() {
        guard count > 1 else { return }
        count -= 1
        frames[count].release()
    }

    /// The stack as a scope objects may consult while a lookup runs.
    var scope: MustacheScope {
        MustacheScope(frames: frames, count: count)
    }

    /// Walks the stack from the top for the first value that has `key`.
    @inline(__always)
    func lookup(_ key: String) -> MustacheValue? {
        scope.value(forKey: key)
    }
}

/// The context stack of one render, in manually managed storage so that lookups read values in
/// place instead of copying them out of an array.
struct ContextStack: ~Copyable {
    private var base: UnsafeMutablePointer<MustacheValue>
    private var capacity: Int
    private(set) var count = 0

    init(root: MustacheValue) {
        capacity = 8
        base = .allocate(capacity: capacity)
        base.initialize(to: root)
        count = 1
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var top: MustacheValue { base[count - 1] }

    mutating func push(_ value: MustacheValue) {
        if count == capacity {
            let newBase = UnsafeMutablePointer<MustacheValue>.allocate(capacity: capacity * 2)
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity *= 2
        }
        (base + count).initialize(to: value)
        count += 1
    }

    mutating func pop() {
        count -= 1
        (base + count).deinitialize(count: 1)
    }

    /// Walks the stack from the top for the first value that has `key`.
    @inline(__always)
    func lookup(_ key: String) -> MustacheValue? {
        var index = count - 1
        while index >= 0 {
            switch base[index] {
            case .object(let dictionary):
                if let value = dictionary[key] { return value }
            case .custom(let object):
                if let value = object.mustacheValue(forKey: key) { return value }
            default:
                break
            }
            index -= 1
        }
        return nil
    }
}

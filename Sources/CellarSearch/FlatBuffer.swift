/// A growable run of plain numbers that ``TermCounter`` reads and writes for every word of every
/// document: indexed and appended to without the checks a Swift array makes on each write (that
/// its storage is not shared — a call into the runtime — and that the index is in bounds).
///
/// A profile of a 100,000-item build gave `swift_isUniquelyReferenced` and the bounds checks on
/// the counter's arrays about a tenth of the tokenizer's hot loop, which is a third of the index's
/// CPU. Indices are checked in debug builds only: the counter derives every one from an entry it
/// made itself.
///
/// A reference type: a copy of the value that holds it shares the numbers (``TermCounter`` is never
/// copied, only passed `inout`).
final class FlatBuffer<Element: BitwiseCopyable> {
    private var start: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    /// `count` elements, each `value`.
    init(repeating value: Element, count: Int) {
        capacity = max(count, 16)
        start = .allocate(capacity: capacity)
        start.initialize(repeating: value, count: count)
        self.count = count
    }

    deinit { start.deallocate() }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count)
            return start[index]
        }
        set {
            assert(index >= 0 && index < count)
            start[index] = newValue
        }
    }

    @inline(__always)
    func append(_ value: Element) {
        if count == capacity { grow() }
        start[count] = value
        count += 1
    }

    /// Appends `value` when `condition` holds, without a branch on it: `value` is written past the
    /// last element either way, and counted only when `condition` holds (for a condition a branch
    /// would mispredict about half the time).
    @inline(__always)
    func append(_ value: Element, if condition: Bool) {
        if count == capacity { grow() }
        start[count] = value
        count &+= condition ? 1 : 0
    }

    /// Forgets the elements, keeping the memory.
    func removeAll() { count = 0 }

    /// Every element set to `value`.
    func fill(_ value: Element) { start.update(repeating: value, count: count) }

    /// The elements, in order, as an array.
    func map<T>(_ transform: (Element) -> T) -> [T] {
        UnsafeBufferPointer(start: start, count: count).map(transform)
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: start, count: count)
        start.deallocate()
        start = larger
        capacity *= 2
    }
}

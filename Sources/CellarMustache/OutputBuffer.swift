/// The bytes a render produces, in one growing allocation; turned into a `String` once at the end.
/// Appending raw UTF-8 here is much cheaper than appending to a `String` piece by piece.
struct OutputBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        self.base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
        if copied == nil {
            for byte in text.utf8 { append(byte) }
        }
    }

    /// Appends `value` in decimal.
    mutating func append(_ value: Int) {
        guard value != 0 else { return append(UInt8(ascii: "0")) }
        reserve(20)
        var magnitude = value.magnitude
        if value < 0 {
            append(UInt8(ascii: "-"))
        }
        var digits = 0
        var probe = magnitude
        while probe > 0 {
            digits += 1
            probe /= 10
        }
        var index = count + digits - 1
        while magnitude > 0 {
            base[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            index -= 1
        }
        count += digits
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity {
            grow(to: count + extra)
        }
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// The output appended to `bytes`.
    func write(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// The output as a `String`, or appended to `string`.
    func write(to string: inout String) {
        let bytes = UnsafeBufferPointer(start: base, count: count)
        if string.isEmpty {
            string = String(decoding: bytes, as: UTF8.self)
        } else {
            string.append(String(decoding: bytes, as: UTF8.self))
        }
    }
}

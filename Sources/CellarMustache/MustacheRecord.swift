/// A small hash made for one render — a page's values, a navigation entry, a tag — that answers
/// lookups by comparing its keys in turn instead of hashing them.
///
/// An `.object` hashes each key when it is made and the key looked up at every lookup (a
/// Swift `Hasher` each time); a site renders thousands of pages, each with a few dozen such small
/// hashes looked up a few dozen times. For the handful of keys these hold, comparing the key's
/// length and then its bytes is cheaper than hashing it, and making one is filling an array.
/// Templates see no difference: it renders, is truthy and prints exactly as an `.object` does.
///
/// ```swift
/// let tag: MustacheValue = .record(["name": .string("swift"), "count": .int(3)])
/// ```
package struct MustacheRecord: MustacheObject {
    /// In the order they were set; a key is there once.
    private var entries: [(key: String, value: MustacheValue)]

    package init() {
        entries = []
    }

    /// The keys, in the order they were first set.
    package var keys: [String] {
        entries.map(\.key)
    }

    /// The value for `key`; setting a key that is there replaces its value, setting nil removes it.
    package subscript(key: String) -> MustacheValue? {
        get {
            index(of: key).map { entries[$0].value }
        }
        set {
            switch (index(of: key), newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// Sets every key of `other` to its value there (its values win).
    package mutating func merge(_ other: MustacheRecord) {
        for (key, value) in other.entries {
            self[key] = value
        }
    }

    package func mustacheValue(forKey key: String) -> MustacheValue? {
        self[key]
    }

    /// Where `key` is. The length check is inline and settles most keys that differ without a
    /// call into the string comparison.
    @inline(__always)
    private func index(of key: String) -> Int? {
        let length = key.utf8.count
        for index in entries.indices where entries[index].key.utf8.count == length && entries[index].key == key {
            return index
        }
        return nil
    }
}

extension MustacheRecord: ExpressibleByDictionaryLiteral {
    /// When a key repeats, the last value wins (a `Dictionary` literal would stop the program).
    package init(dictionaryLiteral elements: (String, MustacheValue)...) {
        entries = []
        entries.reserveCapacity(elements.count)
        for (key, value) in elements {
            self[key] = value
        }
    }
}

extension MustacheValue {
    /// A ``MustacheRecord`` as a value: `.record(["title": .string(title)])`.
    package static func record(_ record: MustacheRecord) -> MustacheValue {
        .custom(record)
    }
}

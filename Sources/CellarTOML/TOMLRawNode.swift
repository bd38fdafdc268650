/// One value as toml11 hands it over, before it becomes a ``LocatedNode``: byte offsets into the
/// text, pre-order (a table or array is followed by its `childCount` children).
struct TOMLRawNode: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case string, integer, float, boolean, offsetDateTime, localDateTime, localDate, localTime, array, table
    }

    var kind: Kind
    /// Where toml11 places the value: a scalar's token, an array's `[`, an inline table's `{`, a
    /// table's `[header]`, or for a table made by a dotted key (`a.b = 1` makes `a`) that key.
    var offset: Int
    var length: Int
    /// The decoded text of a string.
    var string: String?
    /// The key naming the node in its table; nil for array items and the document.
    var key: String?
    var childCount: Int
}

import CellarDiagnostics
import CellarTree

/// Turns toml11's values (``TOMLRawNode``, pre-order) into a ``LocatedNode`` tree: strings become
/// double-quoted scalars, numbers, booleans and dates plain scalars with the text a YAML plain
/// scalar would have, keys keep their own places and tables list their keys in source order
/// (toml11's tables are unordered).
struct TOMLTreeBuilder {
    private let nodes: [TOMLRawNode]
    private let map: SourceMap
    private let keys: TOMLKeyLocator
    private var next = 0

    /// Where a raw node sits; tables made by one dotted key or header share the key's region.
    private struct Region: Equatable {
        var offset: Int
        var length: Int
    }

    init(nodes: [TOMLRawNode], map: SourceMap) {
        self.nodes = nodes
        self.map = map
        self.keys = TOMLKeyLocator(bytes: map.bytes)
    }

    /// The document's table, placed at the first line of the text.
    mutating func build() throws(Diagnostic) -> LocatedNode {
        let start = map.location(ofOffset: 0)
        guard let root = nodes.first, root.kind == .table else { return LocatedNode(.mapping([]), at: start) }
        next = 1
        let pairs = try tablePairs(count: root.childCount, keyDepth: 0, ancestors: [])
        return LocatedNode(.mapping(pairs), at: start)
    }

    // MARK: - Private

    /// The next `count` nodes as a table's pairs, sorted by where their keys are written.
    /// - Parameter keyDepth: how many keys lead from the document to these pairs (their segment in a header).
    private mutating func tablePairs(count: Int, keyDepth: Int, ancestors: [Region]) throws(Diagnostic) -> [LocatedNode.Pair] {
        var entries: [(offset: Int, pair: LocatedNode.Pair)] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let raw = nodes[next]
            next += 1
            let region = Region(offset: raw.offset, length: raw.length)
            let keyOffset = locateKey(of: raw, keyDepth: keyDepth, ancestors: ancestors)
            let madeByDottedKey = raw.kind == .table && !isHeader(raw) && byte(at: raw.offset) != UInt8(ascii: "{")
            let value = try finish(raw, at: madeByDottedKey ? keyOffset : raw.offset, childKeyDepth: keyDepth + 1,
                                   ancestors: ancestors + [region])
            let quoted = byte(at: keyOffset) == UInt8(ascii: "\"") || byte(at: keyOffset) == UInt8(ascii: "'")
            let key = LocatedNode(.scalar(raw.key ?? "", style: quoted ? .doubleQuoted : .plain),
                                  at: map.location(ofOffset: keyOffset))
            entries.append((keyOffset, LocatedNode.Pair(key: key, value: value)))
        }
        return entries.sorted { ($0.offset, $0.pair.key.scalar ?? "") < ($1.offset, $1.pair.key.scalar ?? "") }.map(\.pair)
    }

    private mutating func finish(
        _ raw: TOMLRawNode, at offset: Int, childKeyDepth: Int, ancestors: [Region]
    ) throws(Diagnostic) -> LocatedNode {
        let location = map.location(ofOffset: offset)
        switch raw.kind {
        case .table:
            let pairs = try tablePairs(count: raw.childCount, keyDepth: childKeyDepth, ancestors: ancestors)
            return LocatedNode(.mapping(pairs), at: location)
        case .array:
            var items: [LocatedNode] = []
            items.reserveCapacity(raw.childCount)
            for _ in 0..<raw.childCount {
                let item = nodes[next]
                next += 1
                items.append(try finish(item, at: item.offset, childKeyDepth: childKeyDepth,
                                        ancestors: ancestors + [Region(offset: item.offset, length: item.length)]))
            }
            return LocatedNode(.sequence(items), at: location)
        case .string:
            return LocatedNode(.scalar(raw.string ?? "", style: .doubleQuoted), at: location)
        case .integer:
            let written = token(of: raw)
            guard let decimal = Self.decimal(written) else {
                throw .error("the integer \(written) does not fit in 64 bits", at: location,
                             hint: "TOML integers lie between -9223372036854775808 and 9223372036854775807; quote the number to keep it as text")
            }
            return LocatedNode(.scalar(decimal, style: .plain), at: location)
        case .float:
            return LocatedNode(.scalar(token(of: raw).filter { $0 != "_" }, style: .plain), at: location)
        case .boolean, .offsetDateTime, .localDateTime, .localDate, .localTime:
            return LocatedNode(.scalar(token(of: raw), style: .plain), at: location)
        }
    }

    /// Where the key naming `raw` is written: a segment of its header, a segment of the dotted key
    /// that made it, or the key just before its value.
    private func locateKey(of raw: TOMLRawNode, keyDepth: Int, ancestors: [Region]) -> Int {
        if isHeader(raw) {
            let segments = keys.segments(at: raw.offset)
            return keyDepth < segments.count ? segments[keyDepth] : raw.offset
        }
        if raw.kind == .table, byte(at: raw.offset) != UInt8(ascii: "{") {
            // `a.b.c = 1` makes `a` and `b`, both placed at `a.b.c`: the tables above this one that
            // share its place say which segment names it.
            let region = Region(offset: raw.offset, length: raw.length)
            let segment = ancestors.reversed().prefix { $0 == region }.count
            let segments = keys.segments(at: raw.offset)
            return segment < segments.count ? segments[segment] : raw.offset
        }
        return keys.segments(beforeValueAt: raw.offset)?.last ?? raw.offset
    }

    /// A table or array of tables placed at its `[header]`.
    private func isHeader(_ raw: TOMLRawNode) -> Bool {
        (raw.kind == .table || raw.kind == .array) && byte(at: raw.offset) == UInt8(ascii: "[") && keys.startsLine(raw.offset)
    }

    private func byte(at offset: Int) -> UInt8? {
        offset < map.bytes.count ? map.bytes[offset] : nil
    }

    private func token(of raw: TOMLRawNode) -> String {
        let end = min(raw.offset + raw.length, map.bytes.count)
        return String(decoding: map.bytes[min(raw.offset, end)..<end], as: UTF8.self)
    }

    /// A TOML integer as written (`1_000`, `+5`, `0xff`, `0o17`, `0b101`) in plain decimal, or nil
    /// when it does not fit in 64 bits (toml11 would wrap it silently).
    static func decimal(_ written: String) -> String? {
        var digits = Substring(written.filter { $0 != "_" })
        var negative = false
        if digits.hasPrefix("+") {
            digits = digits.dropFirst()
        } else if digits.hasPrefix("-") {
            negative = true
            digits = digits.dropFirst()
        }
        var radix = 10
        for (prefix, base) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            radix = base
            digits = digits.dropFirst(2)
        }
        guard let magnitude = UInt64(digits, radix: radix) else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == 0 ? "0" : "-\(magnitude)"
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return String(magnitude)
    }
}

/// Text as it was written before smart punctuation: `’` and `‘` back to `'`, `“` and `”` to `"`,
/// `–` to `--`, `—` to `---`, `…` to `...`; with a way back to the positions of the text as parsed.
struct RawView {
    private(set) var raw: [Unicode.Scalar]
    /// For each raw scalar, the index of the parsed scalar it came from (plus one past the end).
    private var origin: [Int]
    private let identity: Bool

    init(_ literal: [Unicode.Scalar], smartPunctuation: Bool) {
        guard smartPunctuation, literal.contains(where: { Self.expansion(of: $0) != nil }) else {
            raw = literal
            origin = []
            identity = true
            return
        }
        identity = false
        raw = []
        origin = []
        raw.reserveCapacity(literal.count + 8)
        for (index, scalar) in literal.enumerated() {
            let written = Self.expansion(of: scalar) ?? [scalar]
            raw += written
            origin += Array(repeating: index, count: written.count)
        }
        origin.append(literal.count)
    }

    /// The parsed scalars a raw range covers, and the raw range itself with an end that fell inside an
    /// expansion moved to its start.
    func literalRange(of range: Range<Int>) -> (literal: Range<Int>, raw: Range<Int>) {
        guard !identity else { return (range, range) }
        var end = range.upperBound
        while end > range.lowerBound, end < raw.count, origin[end] == origin[end - 1] { end -= 1 }
        return (origin[range.lowerBound]..<origin[end], range.lowerBound..<end)
    }

    /// Whether the raw scalars in `range` are the parsed ones, unchanged.
    func isIdentity(_ range: Range<Int>) -> Bool {
        identity || range.allSatisfy { index in
            Self.expansion(of: raw[index]) == nil && (index + 1 >= origin.count || origin[index + 1] != origin[index])
                && (index == 0 || origin[index - 1] != origin[index])
        }
    }

    private static func expansion(of scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        switch scalar {
        case "\u{2018}", "\u{2019}": ["'"]
        case "\u{201C}", "\u{201D}": ["\""]
        case "\u{2013}": ["-", "-"]
        case "\u{2014}": ["-", "-", "-"]
        case "\u{2026}": [".", ".", "."]
        default: nil
        }
    }
}

/// The text libcmark parses when tables or footnotes are found: every table cell as a one-line ATX
/// heading (inline Markdown, one parse, the body's link definitions), every footnote body as a block
/// quote, then the body itself with each table and note replaced by an HTML comment of as many lines.
/// It remembers which line of the original source each of its lines came from.
struct AssembledSource {
    struct Line {
        var bytes: [UInt8]
        /// 1-based line of the original source; 0 for lines Cellar made up.
        var origin: Int
    }

    struct Cell {
        var text: [UInt8]
        var origin: Int
    }

    /// A line of a region: region 0 is the body, region k ≥ 1 footnote body k.
    struct Place: Hashable {
        var region: Int
        var index: Int
    }

    /// The assembled text and where each of its lines (1-based) comes from.
    struct Assembly {
        var text: [UInt8] = []
        var places: [Place?] = [nil]
        var origins: [Int] = [0]
        /// Bytes added in front of a region line (`> ` for footnote bodies).
        var prefixLengths: [Int] = [0]
        var cellCount = 0
        var bodyCount = 0
        /// The lines of ``text``, recorded while it was written.
        var lines = SourceLines()

        func place(ofLine line: Int) -> Place? { line >= 1 && line < places.count ? places[line] : nil }
        func origin(ofLine line: Int) -> Int { line >= 1 && line < origins.count ? origins[line] : 0 }
        var lineCount: Int { places.count - 1 }

        /// Adds a line: `prefix` bytes of `quote` (`> `), then `bytes`.
        mutating func append(_ bytes: [UInt8], place: Place?, origin: Int, prefix: Int = 0) {
            let start = text.count
            if prefix > 0 { text.append(UInt8(ascii: ">")) }
            if prefix > 1 { text.append(0x20) }
            text.append(contentsOf: bytes)
            lines.append(start: start, end: text.count)
            text.append(0x0A)
            places.append(place)
            origins.append(origin)
            prefixLengths.append(prefix)
        }

        mutating func reserve(lines count: Int, bytes: Int) {
            text.reserveCapacity(bytes)
            places.reserveCapacity(count + 1)
            origins.reserveCapacity(count + 1)
            prefixLengths.reserveCapacity(count + 1)
            lines.reserve(count)
        }
    }

    private(set) var regions: [[Line]]
    private(set) var cells: [Cell] = []

    init(_ bytes: [UInt8], lines: SourceLines) {
        var main: [Line] = []
        main.reserveCapacity(lines.count)
        for line in 1...lines.count {
            main.append(Line(bytes: Array(bytes[lines.content(line)]), origin: line))
        }
        regions = [main]
    }

    var bodyCount: Int { regions.count - 1 }

    func line(_ place: Place) -> Line { regions[place.region][place.index] }

    mutating func replace(_ place: Place, with bytes: [UInt8]) {
        regions[place.region][place.index].bytes = bytes
    }

    /// Adds a footnote body; returns its region.
    mutating func addBody(_ lines: [Line]) -> Int {
        regions.append(lines)
        return regions.count - 1
    }

    /// Adds a table cell; returns its index.
    mutating func addCell(_ text: [UInt8], origin: Int) -> Int {
        cells.append(Cell(text: text, origin: origin))
        return cells.count - 1
    }

    func assemble() -> Assembly {
        var assembly = Assembly()
        let lineCount = regions.reduce(cells.count) { $0 + $1.count + 2 }
        assembly.reserve(lines: lineCount, bytes: regions.reduce(cells.count * 16) { $0 + $1.reduce(0) { $0 + $1.bytes.count + 3 } })
        for cell in cells {
            assembly.append(Self.heading(cell.text), place: nil, origin: cell.origin)
        }
        assembly.cellCount = cells.count
        for region in regions.indices.dropFirst() {
            let body = regions[region]
            if body.isEmpty {
                assembly.append([], place: nil, origin: 0, prefix: 1)
            }
            for (index, line) in body.enumerated() {
                assembly.append(line.bytes, place: Place(region: region, index: index), origin: line.origin,
                                prefix: line.bytes.isEmpty ? 1 : 2)
            }
            assembly.append([], place: nil, origin: 0)
        }
        assembly.bodyCount = regions.count - 1
        for (index, line) in regions[0].enumerated() {
            assembly.append(line.bytes, place: Place(region: 0, index: index), origin: line.origin)
        }
        return assembly
    }

    /// `# ` and the cell, with a trailing run of `#` escaped so it is not taken for a closing sequence.
    static func heading(_ text: [UInt8]) -> [UInt8] {
        var line: [UInt8] = [UInt8(ascii: "#"), 0x20]
        line += text
        var run = line.count
        while run > 2, line[run - 1] == UInt8(ascii: "#") { run -= 1 }
        if run < line.count, run == 2 || line[run - 1] == 0x20 || line[run - 1] == 0x09 {
            line.insert(UInt8(ascii: "\\"), at: line.count - 1)
        }
        return line
    }
}

import CellarDiagnostics

/// Reads TOML text just enough to bound it before toml11 parses it: how deep tables and arrays
/// nest (headers, dotted keys, brackets and braces) and how many values there are. toml11 recurses
/// into nested arrays and inline tables and frees nested tables recursively, so a hostile file
/// could otherwise exhaust the stack. Syntax is left to toml11: anything unexpected is skipped.
struct TOMLPreflight {
    private let bytes: [UInt8]
    private let limits: TOMLLimits
    private let map: SourceMap
    private var index = 0
    private var values = 0
    /// The line the last value was counted on, and how many values it holds so far.
    private var line = (index: -1, values: 0)
    /// The first line too dense for toml11, reported once the whole text is known not to nest too deep.
    private var denseLine: Diagnostic?

    init(map: SourceMap, limits: TOMLLimits) {
        self.bytes = map.bytes
        self.map = map
        self.limits = limits
    }

    /// Throws a located diagnostic at the first place a limit is broken.
    mutating func check() throws(Diagnostic) {
        var sectionDepth = 1   // the document's own table
        while true {
            skipSpace(newlines: true)
            guard index < bytes.count else { break }
            let before = index
            if bytes[index] == UInt8(ascii: "[") {
                sectionDepth = try header()
            } else {
                try keyValue(containerDepth: sectionDepth)
            }
            skipSpace(newlines: false)
            // Whatever is left on the line is toml11's to report; skip it (strings whole).
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") { skipString() } else { index += 1 }
            }
            if index == before { index += 1 }
        }
        if let denseLine { throw denseLine }
    }

    // MARK: - Private

    /// `[a.b]` or `[[a.b]]`; returns the depth of the table it opens.
    private mutating func header() throws(Diagnostic) -> Int {
        let start = index
        var isArray = false
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
            isArray = true
            index += 1
        }
        let depth = 1 + key() + (isArray ? 1 : 0)
        if depth > limits.maxDepth { throw tooDeep(at: start) }
        try count(at: start)
        return depth
    }

    /// `key = value` inside a table at `containerDepth`.
    private mutating func keyValue(containerDepth: Int) throws(Diagnostic) {
        let start = index
        let segments = key()
        if containerDepth + segments - 1 > limits.maxDepth { throw tooDeep(at: start) }
        skipSpace(newlines: false)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return }
        index += 1
        skipSpace(newlines: false)
        try checkNesting(depth: containerDepth + segments)
        try count(at: start)
        try value(depth: containerDepth + segments)
    }

    /// A value that would sit at `depth` if it were an array or inline table.
    private mutating func value(depth: Int) throws(Diagnostic) {
        skipSpace(newlines: false)
        guard index < bytes.count else { return }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            skipString()
        case UInt8(ascii: "["):
            if depth > limits.maxDepth { throw tooDeep(at: start) }
            index += 1
            try commaSeparated(until: UInt8(ascii: "]")) { (preflight: inout TOMLPreflight) throws(Diagnostic) in
                try preflight.checkNesting(depth: depth + 1)
                try preflight.count(at: preflight.index)
                try preflight.value(depth: depth + 1)
            }
        case UInt8(ascii: "{"):
            if depth > limits.maxDepth { throw tooDeep(at: start) }
            index += 1
            try commaSeparated(until: UInt8(ascii: "}")) { (preflight: inout TOMLPreflight) throws(Diagnostic) in
                try preflight.keyValue(containerDepth: depth)
            }
        default:
            while index < bytes.count, !Self.endsToken(bytes[index]) { index += 1 }
        }
        if index == start { index += 1 }
    }

    /// The items of an array or the pairs of an inline table, up to its `closing` bracket: `element`
    /// reads what stands between two commas (and is passed over by one byte if it reads nothing).
    private mutating func commaSeparated(
        until closing: UInt8, _ element: (inout TOMLPreflight) throws(Diagnostic) -> Void
    ) throws(Diagnostic) {
        while true {
            skipSpace(newlines: true)
            guard index < bytes.count else { return }
            switch bytes[index] {
            case closing:
                index += 1
                return
            case UInt8(ascii: ","):
                index += 1
            default:
                let before = index
                try element(&self)
                if index == before { index += 1 }
            }
        }
    }

    /// A dotted key; returns its number of segments (at least one, even when it is malformed).
    private mutating func key() -> Int {
        var segments = 0
        while true {
            skipSpace(newlines: false)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                skipString()
            } else if TOMLKeyLocator.isBare(byte) {
                while index < bytes.count, TOMLKeyLocator.isBare(bytes[index]) { index += 1 }
            } else {
                break
            }
            segments += 1
            skipSpace(newlines: false)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ".") else { break }
            index += 1
        }
        return max(segments, 1)
    }

    /// Skips a string of any of TOML's four kinds, escapes included; stops at the end of the text.
    private mutating func skipString() {
        let quote = bytes[index]
        let basic = quote == UInt8(ascii: "\"")
        let multiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if basic, byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if !multiline, byte == UInt8(ascii: "\n") { return }
            if byte == quote {
                if !multiline {
                    index += 1
                    return
                }
                if index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                    index += 3
                    while index < bytes.count, bytes[index] == quote { index += 1 }
                    return
                }
            }
            index += 1
        }
        index = min(index, bytes.count)
    }

    /// Spaces, tabs and comments, and newlines too when `newlines` is set.
    private mutating func skipSpace(newlines: Bool) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case UInt8(ascii: "\n") where newlines:
                index += 1
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            default:
                return
            }
        }
    }

    private static func endsToken(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
    }

    private mutating func count(at offset: Int) throws(Diagnostic) {
        values += 1
        if values > limits.maxValues {
            throw .error("TOML holds more than \(limits.maxValues) values", at: map.location(ofOffset: offset),
                         hint: "front matter should be a short list of fields; move long data into the Markdown body")
        }
        let index = map.lineIndex(ofOffset: offset)
        line = index == line.index ? (index, line.values + 1) : (index, 1)
        let length = map.lineLength(index)
        if denseLine == nil, line.values * length > limits.maxLineWork {
            denseLine = .error("this line of \(length) bytes holds too many values to read in reasonable time",
                         at: map.location(ofOffset: offset), hint: "write a long array with one item per line")
        }
    }

    /// Refuses an array or inline table starting here that would sit deeper than the limit; checked
    /// before the value is counted, so deep nesting is reported as such.
    private func checkNesting(depth: Int) throws(Diagnostic) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "{"),
              depth > limits.maxDepth else { return }
        throw tooDeep(at: index)
    }

    private func tooDeep(at offset: Int) -> Diagnostic {
        .error("TOML nests deeper than \(limits.maxDepth) levels", at: map.location(ofOffset: offset),
               hint: "front matter should be a flat table of fields")
    }
}

import CellarDiagnostics
import CellarTree
internal import CToml11
import Foundation

/// Parses TOML 1.0 (Hugo's `+++` front matter, `config.toml`, `hugo.toml`) into ``LocatedNode``
/// trees with toml11, keeping the place of every key and value.
///
/// The one file in Cellar that touches toml11 (through the `CToml11` shim). The tree is the one
/// YAML gives, so the schema types both alike: strings are double-quoted scalars (`"8"` is text,
/// not a number), integers, floats, booleans and dates are plain scalars, arrays are sequences and
/// tables are mappings with their keys in source order.
///
/// ```swift
/// let node = try TOMLParser().parse("title = \"Dune\"\n", file: "content/dune.md", firstLine: 2)
/// node["title"]?.location   // content/dune.md:2:9
/// ```
package struct TOMLParser: Sendable {
    package var limits: TOMLLimits

    package init(limits: TOMLLimits = .default) {
        self.limits = limits
    }

    /// Parses TOML text, such as the front matter between two `+++` lines.
    /// - Parameters:
    ///   - text: the TOML source.
    ///   - file: the path shown in diagnostics.
    ///   - firstLine: the line of `file` on which `text` starts (front matter starts on line 2).
    /// - Returns: the document's table, a mapping (empty for an empty text) placed at `firstLine`.
    /// - Throws: a located ``Diagnostic`` for malformed TOML, a duplicate key or table, an integer
    ///   beyond 64 bits, or a broken limit.
    package func parse(_ text: String, file: String, firstLine: Int = 1) throws(Diagnostic) -> LocatedNode {
        try parse(Array(text.utf8), file: file, firstLine: firstLine,
                  tooLargeHint: "move long text into the Markdown body")
    }

    /// Reads and parses a whole TOML file, such as a Hugo site's `config.toml` or `hugo.toml`.
    /// - Parameters:
    ///   - path: where to read it.
    ///   - display: the path shown in diagnostics (relative to the site, when possible).
    /// - Returns: the file's table, a mapping placed at line 1.
    /// - Throws: a ``Diagnostic`` at `display` when the file cannot be read or is not UTF-8 text,
    ///   and every error ``parse(_:file:firstLine:)`` throws.
    package func parseFile(atPath path: String, display: String) throws(Diagnostic) -> LocatedNode {
        let start = SourceLocation(file: display)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .error("cannot read the file", at: start, hint: "check that \(path) exists and can be read")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limits.maxBytes + 1) ?? Data()
        } catch {
            throw .error("cannot read the file: \(error.localizedDescription)", at: start)
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw .error("the file is not valid UTF-8", at: start, hint: "TOML files must be saved as UTF-8")
        }
        return try parse(bytes, file: display, firstLine: 1, tooLargeHint: "split the file, or move data out of it")
    }

    // MARK: - Private

    private func parse(_ bytes: [UInt8], file: String, firstLine: Int, tooLargeHint: String) throws(Diagnostic) -> LocatedNode {
        let map = SourceMap(bytes: bytes, file: file, firstLine: firstLine)
        guard ctoml_available() != 0 else {
            throw .error("this build of Cellar cannot read TOML: it was built without toml11 3.x", at: map.location(ofOffset: 0),
                         hint: "install toml11 3.x (Debian: libtoml11-dev) and rebuild, or write front matter in YAML between '---' lines")
        }
        if bytes.count > limits.maxBytes {
            throw .error("TOML text is larger than the limit of \(limits.maxBytes) bytes",
                         at: map.location(ofOffset: 0), hint: tooLargeHint)
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw .error("TOML text cannot hold a NUL byte", at: map.location(ofOffset: nul),
                         hint: "write \\u0000 inside a string if you mean it")
        }
        var preflight = TOMLPreflight(map: map, limits: limits)
        try preflight.check()
        let nodes = try Self.run(bytes, maxDepth: limits.maxDepth, map: map)
        var builder = TOMLTreeBuilder(nodes: nodes, map: map)
        return try builder.build()
    }

    /// Hands the text to toml11 and copies its values out before the document is freed.
    private static func run(_ bytes: [UInt8], maxDepth: Int, map: SourceMap) throws(Diagnostic) -> [TOMLRawNode] {
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { ctoml_parse($0.baseAddress, $0.count, maxDepth) }
        }
        guard let document else {
            throw .error("the TOML parser could not start (out of memory)", at: map.location(ofOffset: 0))
        }
        defer { ctoml_free(document) }
        if ctoml_failed(document) != 0 {
            let message = String(cString: ctoml_error_message(document))
            throw TOMLErrorTranslator(map: map, maxDepth: maxDepth).diagnostic(
                for: message, line: ctoml_error_line(document), column: ctoml_error_column(document)
            )
        }
        let count = ctoml_node_count(document)
        guard count > 0, let raw = ctoml_nodes(document) else { return [] }
        let pool = ctoml_string_pool(document)
        func text(_ start: Int, _ length: Int) -> String {
            guard let pool, length > 0 else { return "" }
            return pool.withMemoryRebound(to: UInt8.self, capacity: start + length) {
                String(decoding: UnsafeBufferPointer(start: $0 + start, count: length), as: UTF8.self)
            }
        }
        return UnsafeBufferPointer(start: raw, count: count).map { node in
            TOMLRawNode(
                kind: kind(node.kind), offset: node.offset, length: node.length,
                string: node.kind == CTOML_STRING ? text(node.string_start, node.string_length) : nil,
                key: node.has_key != 0 ? text(node.key_start, node.key_length) : nil,
                childCount: node.child_count
            )
        }
    }

    private static func kind(_ kind: ctoml_kind) -> TOMLRawNode.Kind {
        switch kind {
        case CTOML_STRING: .string
        case CTOML_INTEGER: .integer
        case CTOML_FLOAT: .float
        case CTOML_BOOLEAN: .boolean
        case CTOML_OFFSET_DATETIME: .offsetDateTime
        case CTOML_LOCAL_DATETIME: .localDateTime
        case CTOML_LOCAL_DATE: .localDate
        case CTOML_LOCAL_TIME: .localTime
        case CTOML_ARRAY: .array
        default: .table
        }
    }
}

extension TOMLParser {
    /// The version of toml11 built in ("3.7.1"; "none" in a build without it). toml11 is
    /// header-only: this is the version compiled in, not one loaded at run time.
    package static var libraryVersion: String { String(cString: ctoml_version()) }
}

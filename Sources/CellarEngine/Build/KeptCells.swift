import CellarFiles

/// Each item's cell HTML as the last `cellar build` rendered it, kept for the next process in
/// `.cellar-cache/cells.bin`: a cell whose fingerprint (``CellCache/key(global:revision:)``: the
/// theme, settings and everything global, and its item's revision) is the same is taken from
/// there rather than rendered again — as a session (`cellar serve`) takes it from memory.
///
/// The file's key is the program (``KeptFile/programKey``); a missing, damaged or foreign file
/// reads as nothing kept: every cell is rendered.
enum KeptCells {
    /// Bump when the file's layout or what a fingerprint covers changes.
    static let formatVersion: UInt32 = 1
    static let magic = Array("cellar-cells\n".utf8)

    /// One cell as the file holds it: its item's id, its fingerprint and HTML.
    typealias Cell = (id: String, entry: CellCache.Entry)

    static func file(in cache: String) -> String { Paths.join(cache, "cells.bin") }

    /// The key the file is written under; nil when the program cannot be known (nothing is kept then).
    static var key: UInt64? { KeptFile.key(version: formatVersion) }

    /// The cells the file holds, by item id; empty when it is missing, damaged or written under another key.
    static func load(cache: String, key: UInt64) -> [String: CellCache.Entry] {
        KeptFile.load(file(in: cache)).flatMap { decode($0, key: key) } ?? [:]
    }

    /// Writes the file (see ``KeptFile/save(_:to:)``).
    static func save(_ cells: [Cell], cache: String, key: UInt64) {
        KeptFile.save(to: file(in: cache)) { write in encode(cells, key: key, into: write) }
    }

    /// The whole file (see ``encode(_:key:into:)``).
    static func encoded(_ cells: [Cell], key: UInt64) -> [UInt8] {
        KeptFile.joined { encode(cells, key: key, into: $0) }
    }

    /// The cells sorted by item id (the same cells give the same bytes): id, fingerprint, HTML;
    /// handed to `write` a part at a time.
    static func encode(_ cells: [Cell], key: UInt64, into write: ([UInt8]) -> Void) {
        var file = KeptFile.Writer(magic: magic, version: formatVersion, key: key, capacity: 1 << 21)
        file.append(UInt64(cells.count))
        for (id, cell) in cells.sorted(by: { $0.id < $1.id }) {
            file.append(id)
            file.append(cell.fingerprint)
            file.append(cell.html)
            if let part = file.part() { write(part) }
        }
        write(file.finished())
    }

    /// The cells in `bytes`; nil unless the file is whole, of this format and written under `key`.
    static func decode(_ bytes: [UInt8], key: UInt64) -> [String: CellCache.Entry]? {
        KeptFile.read(bytes, magic: magic, version: formatVersion, key: key) { file -> [String: CellCache.Entry]? in
            guard let count = file.count(ofRecordsAtLeast: 24) else { return nil }
            var cells: [String: CellCache.Entry] = [:]
            cells.reserveCapacity(count)
            for _ in 0..<count {
                guard let id = file.text(), let fingerprint = file.number(), let html = file.text() else { return nil }
                cells[id] = CellCache.Entry(html: html, fingerprint: fingerprint)
            }
            return cells
        }
    }
}

import CellarDiagnostics
import CellarFiles
import CellarMarkdown
import Foundation

/// The rendered bodies of the last `cellar build`, kept for the next process in
/// `.cellar-cache/bodies.bin`: a body whose item's file, address and language are the same, and
/// whose links, shortcodes and data files (when it has any) are too, is taken from there rather
/// than rendered again — as a session (`cellar serve`) takes it from memory (``BodyStage/Entry``).
///
/// The file's key covers what every body depends on: the program (``KeptFile/programKey``), the
/// settings, the theme, the sections and which files `content/` holds (``ParseStage/context(of:)``),
/// and whether code is highlighted. A body that reported anything is not kept (the next build
/// renders it and reports it again). A missing, damaged or foreign file reads as nothing kept:
/// every body is rendered.
///
/// Nearly every body is written verbatim into its item's page: the file then holds where
/// (``Placement``), not the HTML — which was most of its bytes (294 of 500 MB kept at 100,000
/// items) — and a new process reads the body back from the page the last build left in the output.
/// A page changed, removed or moved since reads as that body not kept: it is rendered.
enum KeptBodies {
    /// Bump when the file's layout or what an entry covers changes.
    static let formatVersion: UInt32 = 2
    static let magic = Array("cellar-bodies\n".utf8)

    static func file(in cache: String) -> String { Paths.join(cache, "bodies.bin") }

    /// Where a body sits in the page written for its item: that page's file (relative to the
    /// output folder), the byte range, and the hash of those bytes, checked when they are read back.
    struct Placement: Sendable, Equatable {
        var file: String
        var offset: Int
        var length: Int
        var hash: UInt64
    }

    /// Bodies shorter than this are kept inline: reading them back would cost more than their bytes.
    static let shortestPlaced = 64

    /// Where `html` sits in `page` (the bytes written to `file`), or nil when it is not there
    /// verbatim (a template that shows no `content`, or rewrites it) or too short to be worth it.
    static func placement(of html: String, in page: UnsafeRawBufferPointer, file: String) -> Placement? {
        var html = html
        return html.withUTF8 { body -> Placement? in
            let body = UnsafeRawBufferPointer(body)
            guard body.count >= shortestPlaced, let offset = firstOffset(of: body, in: page) else { return nil }
            return Placement(file: file, offset: offset, length: body.count, hash: StableHash.ofBytes(body))
        }
    }

    /// Where `needle` first occurs in `haystack` (glibc's `memmem` is not in Swift's Glibc module):
    /// each occurrence of its first byte (`memchr`), its whole length compared there (`memcmp`).
    private static func firstOffset(of needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Int? {
        guard let target = needle.baseAddress, let base = haystack.baseAddress, !needle.isEmpty,
              needle.count <= haystack.count else { return nil }
        let first = Int32(needle[0])
        let lastStart = haystack.count - needle.count
        var offset = 0
        while offset <= lastStart {
            guard let found = memchr(base + offset, first, lastStart - offset + 1) else { return nil }
            let at = base.distance(to: UnsafeRawPointer(found))
            if memcmp(base + at, target, needle.count) == 0 { return at }
            offset = at + 1
        }
        return nil
    }

    /// Whether `placement` (where the body sat in the last build's page) still describes `html`:
    /// for a page linked unchanged from the last output, whose bytes are the same.
    static func placement(_ placement: Placement, holds html: String) -> Bool {
        placement.length == html.utf8.count && placement.hash == StableHash.ofUTF8(html)
    }

    /// What a new process takes from the file: the entries (bodies read back from the pages) and
    /// where each placed body sat (carried over for pages linked unchanged).
    struct Loaded: Sendable {
        var entries: [String: BodyStage.Entry] = [:]
        var placements: [String: Placement] = [:]
    }

    /// One entry as the file holds it: a placed body's HTML is not read yet (empty).
    struct Record: Sendable {
        var entry: BodyStage.Entry
        var placement: Placement?
    }

    /// The key the file is written under for `site` and its code highlighting; nil when the
    /// program cannot be known (nothing is kept then).
    static func key(context: UInt64, highlighting: CodeBlockHighlighting?) -> UInt64? {
        KeptFile.key(version: formatVersion) { hash in
            hash.combine(context)
            // Code is coloured, plain (highlighting off), or plain because the highlighter could not be set up.
            hash.combine(highlighting.map { $0.highlighter.setupProblem ?? "ready" } ?? "off")
        }
    }

    /// The entries the file holds, each placed body read back from `output` (the last build's
    /// pages); empty when the file is missing, damaged or written under another key.
    static func load(cache: String, output: String, key: UInt64) async -> Loaded {
        guard let records = KeptFile.load(file(in: cache)).flatMap({ decode($0, key: key) }) else { return Loaded() }
        return await resolve(records, output: output)
    }

    /// The records with each placed body read from its page in `output`, on every core; a body
    /// whose page is gone, shorter, or holds other bytes there is left out (it is rendered).
    static func resolve(_ records: [Record], output: String) async -> Loaded {
        let read = await parallelMap(records, minimumChunk: 256) { record -> Record? in
            guard let placement = record.placement else { return record }
            let bytes: [UInt8]
            do throws(FileIOError) {
                bytes = try FileIO.read(Paths.join(output, placement.file), offset: placement.offset, count: placement.length)
            } catch {
                return nil   // the page is gone: the body is rendered
            }
            guard bytes.count == placement.length, StableHash.of(bytes: bytes) == placement.hash,
                  let html = String(validating: bytes, as: UTF8.self) else { return nil }
            var record = record
            record.entry.body = record.entry.body.with(html: html)
            return record
        }
        var loaded = Loaded()
        loaded.entries.reserveCapacity(read.count)
        for record in read {
            guard let record else { continue }
            loaded.entries[record.entry.id] = record.entry
            if let placement = record.placement { loaded.placements[record.entry.id] = placement }
        }
        return loaded
    }

    /// Writes the entries that reported nothing (see ``KeptFile/save(_:to:)``), each placed body
    /// as where it sits in its page (`placements`, by id), the others inline.
    static func save(_ entries: [BodyStage.Entry], placements: [String: Placement], cache: String, key: UInt64) {
        KeptFile.save(to: file(in: cache)) { write in encode(entries, placements: placements, key: key, into: write) }
    }

    // MARK: - The file

    /// The whole file (see ``encode(_:placements:key:into:)``).
    static func encoded(_ entries: [BodyStage.Entry], placements: [String: Placement] = [:], key: UInt64) -> [UInt8] {
        KeptFile.joined { encode(entries, placements: placements, key: key, into: $0) }
    }

    /// The entries sorted by id (the same bodies give the same bytes), each with what it was
    /// rendered from, then the body (where it is placed, else its HTML); handed to `write` a part at a time.
    static func encode(_ entries: [BodyStage.Entry], placements: [String: Placement], key: UInt64,
                       into write: ([UInt8]) -> Void) {
        // Sorted in place: a second list of a big site's entries would be held while pages are written.
        var kept = entries.filter { $0.diagnostics.isEmpty }
        kept.sort { $0.id < $1.id }
        var file = KeptFile.Writer(magic: magic, version: formatVersion, key: key, capacity: 1 << 21)
        file.append(UInt64(kept.count))
        for entry in kept {
            file.append(entry.id)
            file.append(entry.sourceHash)
            file.append(entry.url.value)
            file.append(entry.language)
            file.append(entry.renderingKey)
            file.append(entry.dependsOnLinks)
            file.append(entry.linksKey)
            file.append(entry.usesShortcodes)
            file.append(entry.shortcodesKey)
            file.append(UInt64(entry.dataFiles.count))
            for (path, hash) in entry.dataFiles.sorted(by: { $0.key < $1.key }) {
                file.append(path)
                file.append(hash)
            }
            file.append(entry.revision)
            let body = entry.body
            if let placement = placements[entry.id] {
                file.append(true)
                file.append(placement.file)
                file.append(placement.offset)
                file.append(placement.length)
                file.append(placement.hash)
            } else {
                file.append(false)
                file.append(body.html)
            }
            file.append(body.summary)
            file.append(body.counts.proseWords)
            file.append(body.counts.hanCharacters)
            file.append(body.counts.kanaCharacters)
            file.append(body.counts.codeWords)
            file.append(UInt64(body.headings.count))
            for heading in body.headings {
                file.append(heading.level)
                file.append(heading.id)
                file.append(heading.text)
            }
            file.append(UInt64(body.pageLinks.count))
            for link in body.pageLinks {
                file.append(link.href)
                file.append(link.written)
                file.append(link.isImage)
                file.append(link.location.file)
                file.append(link.location.line)
                file.append(link.location.column)
            }
            if let part = file.part() { write(part) }
        }
        write(file.finished())
    }

    /// The records in `bytes` (placed bodies not read yet); nil unless the file is whole, of this
    /// format and written under `key`.
    static func decode(_ bytes: [UInt8], key: UInt64) -> [Record]? {
        KeptFile.read(bytes, magic: magic, version: formatVersion, key: key) { file -> [Record]? in
            guard let count = file.count(ofRecordsAtLeast: 8 * 22) else { return nil }
            var records: [Record] = []
            records.reserveCapacity(count)
            for _ in 0..<count {
                guard let record = Self.record(&file) else { return nil }
                records.append(record)
            }
            return records
        }
    }

    private static func record(_ file: inout KeptFile.Reader) -> Record? {
        guard let id = file.text(), let sourceHash = file.number(), let url = file.text(), let language = file.text(),
              let renderingKey = file.number(), let dependsOnLinks = file.flag(), let linksKey = file.number(), let usesShortcodes = file.flag(),
              let shortcodesKey = file.number(), let dataFileCount = file.count(ofRecordsAtLeast: 16) else { return nil }
        var dataFiles: [String: UInt64] = [:]
        for _ in 0..<dataFileCount {
            guard let path = file.text(), let hash = file.number() else { return nil }
            dataFiles[path] = hash
        }
        guard let revision = file.number(), let isPlaced = file.flag() else { return nil }
        var placement: Placement?
        var html = ""
        if isPlaced {
            guard let page = file.text(), let offset = file.integer(), let length = file.integer(), let hash = file.number(),
                  offset >= 0, length >= 0 else { return nil }
            placement = Placement(file: page, offset: offset, length: length, hash: hash)
        } else {
            guard let inline = file.text() else { return nil }
            html = inline
        }
        guard let summary = file.text(),
              let proseWords = file.integer(), let hanCharacters = file.integer(), let kanaCharacters = file.integer(),
              let codeWords = file.integer(), let headingCount = file.count(ofRecordsAtLeast: 24) else { return nil }
        var headings: [MarkdownHeading] = []
        headings.reserveCapacity(headingCount)
        for _ in 0..<headingCount {
            guard let level = file.integer(), let headingID = file.text(), let text = file.text() else { return nil }
            headings.append(MarkdownHeading(level: level, id: headingID, text: text))
        }
        guard let linkCount = file.count(ofRecordsAtLeast: 48) else { return nil }
        var pageLinks: [PageLink] = []
        pageLinks.reserveCapacity(linkCount)
        for _ in 0..<linkCount {
            guard let href = file.text(), let written = file.text(), let isImage = file.flag(), let place = file.text(),
                  let line = file.integer(), let column = file.integer() else { return nil }
            pageLinks.append(PageLink(href: href, written: written, isImage: isImage,
                                      location: SourceLocation(file: place, line: line, column: column)))
        }
        let counts = MarkdownTextCounts(proseWords: proseWords, hanCharacters: hanCharacters, kanaCharacters: kanaCharacters,
                                        codeWords: codeWords)
        let body = ContentItem.Body(html: html, summary: summary, headings: headings, counts: counts, pageLinks: pageLinks)
        let entry = BodyStage.Entry(id: id, sourceHash: sourceHash, url: URLPath(url), language: language, renderingKey: renderingKey,
                                    dependsOnLinks: dependsOnLinks, linksKey: linksKey, usesShortcodes: usesShortcodes,
                                    shortcodesKey: shortcodesKey, dataFiles: dataFiles, body: body, revision: revision, diagnostics: [])
        return Record(entry: entry, placement: placement)
    }
}

extension ContentItem.Body {
    /// The same body with its HTML read back from where it was written (``KeptBodies/Placement``).
    func with(html: String) -> Self {
        Self(html: html, summary: summary, headings: headings, counts: counts, pageLinks: pageLinks, references: references)
    }
}

extension StableHash {
    /// The hash of `bytes` alone (a body's, where it sits in its page).
    static func ofBytes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes)
        return hash.value
    }

    /// The hash of a text's UTF-8 bytes alone, without the separator ``combine(_:)-(String)`` adds:
    /// the same as ``ofBytes(_:)`` of those bytes.
    static func ofUTF8(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { ofBytes(UnsafeRawBufferPointer($0)) }
    }
}

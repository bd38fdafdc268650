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
/// Nearly every body is written verbatim into its item's page: the file then says so (its length and
/// hash), not the HTML — which was most of its bytes (294 of 512 MB kept at 100,000 items) — and a
/// new process reads the body back from the page the last build left in the output. Where in its
/// page each sits is only known once the pages are written, so it goes in a second, small file,
/// `body-places.bin` (``savePlaces(_:offsets:html:cache:)``), written then and tied to this one
/// by its checksum; this one is written beside the pages, as before, and its list let go of early.
/// A page changed, removed or moved since, or a places file missing or of another bodies file,
/// reads as those bodies not kept: they are rendered.
enum KeptBodies {
    /// Bump when the file's layout or what an entry covers changes.
    static let formatVersion: UInt32 = 2
    static let magic = Array("cellar-bodies\n".utf8)
    static let placesMagic = Array("cellar-body-places\n".utf8)

    static func file(in cache: String) -> String { Paths.join(cache, "bodies.bin") }
    static func placesFile(in cache: String) -> String { Paths.join(cache, "body-places.bin") }

    /// Where a body sits in the page written for its item (that item's URL's file in the output):
    /// the byte range, and the hash of those bytes, checked when they are read back.
    struct Placement: Sendable, Equatable {
        var offset: Int
        var length: Int
        var hash: UInt64
    }

    /// Bodies shorter than this are kept inline: reading them back would cost more than their bytes.
    static let shortestPlaced = 64

    /// Where `html` sits in `page` (the bytes written for its item), or nil when it is not there
    /// verbatim (a template that shows no `content`, or rewrites it) or too short to be worth it.
    static func placement(of html: String, in page: UnsafeRawBufferPointer) -> Placement? {
        offset(of: html, in: page).map { Placement(offset: $0, length: html.utf8.count, hash: StableHash.ofUTF8(html)) }
    }

    /// Where `html` starts in `page`, as ``placement(of:in:)`` finds it, without hashing it (the
    /// bodies file holds its length and hash: the pages' writer needs only this, for every page).
    static func offset(of html: String, in page: UnsafeRawBufferPointer) -> Int? {
        var html = html
        return html.withUTF8 { body -> Int? in
            guard body.count >= shortestPlaced else { return nil }
            return firstOffset(of: UnsafeRawBufferPointer(body), in: page)
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

    /// What a places file is written against: the bodies file's checksum, and the ids (sorted) of
    /// the bodies it left to their pages.
    struct InPages: Sendable {
        var checksum: UInt64
        var ids: [String]
    }

    /// What a new process takes from the files: the entries (bodies read back from the pages),
    /// where each body sat (carried over for pages linked unchanged) and what the bodies file left
    /// to the pages (while it is not written again, the next places file is written against it).
    struct Loaded: Sendable {
        var entries: [String: BodyStage.Entry] = [:]
        var placements: [String: Placement] = [:]
        var inPages: InPages?
    }

    /// One entry as the file holds it; one left to its page has its length and hash (offset -1,
    /// HTML empty) until the places file and the page are read.
    struct Record: Sendable {
        var entry: BodyStage.Entry
        var placement: Placement?
    }

    /// Where the places file says a body is: at an offset of its page, or (not found there) its HTML.
    enum Place: Sendable, Equatable {
        case offset(Int)
        case html(String)
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

    /// The entries the files hold, each body left to its page read back from `output` (the last
    /// build's pages); empty when the bodies file is missing, damaged or written under another key.
    static func load(cache: String, output: String, key: UInt64) async -> Loaded {
        guard let bytes = KeptFile.load(file(in: cache)), let records = decode(bytes, key: key) else { return Loaded() }
        let checksum = KeptFile.checksum(of: bytes)
        let places = KeptFile.load(placesFile(in: cache)).flatMap { decodePlaces($0, key: checksum) } ?? [:]
        var ids: [String] = []
        var placed: [Record] = []
        placed.reserveCapacity(records.count)
        for var record in records {
            if let placement = record.placement {
                ids.append(record.entry.id)
                switch places[record.entry.id] {
                case .offset(let offset)?: record.placement = Placement(offset: offset, length: placement.length, hash: placement.hash)
                case .html(let html)?:
                    record.placement = nil
                    record.entry.body = record.entry.body.with(html: html)
                case nil: continue   // where it is is not known: it is rendered
                }
            }
            placed.append(record)
        }
        var loaded = await resolve(placed, output: output)
        loaded.inPages = InPages(checksum: checksum, ids: ids)
        return loaded
    }

    /// The records with each body left to its page read from that page in `output`, on every
    /// core; a body whose page is gone, shorter, or holds other bytes there is left out (it is rendered).
    static func resolve(_ records: [Record], output: String) async -> Loaded {
        let read = await parallelMap(records, minimumChunk: 256) { record -> Record? in
            guard let placement = record.placement else { return record }
            guard placement.offset >= 0 else { return nil }
            let bytes: [UInt8]
            do throws(FileIOError) {
                bytes = try FileIO.read(Paths.join(output, record.entry.url.outputFile), offset: placement.offset, count: placement.length)
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

    /// Writes the entries that reported nothing (see ``KeptFile/save(_:to:)``), those `inPage` says
    /// are shown in their item's page as their length and hash, the others inline.
    /// - Returns: what the places file is to be written against; nil when the file could not be written.
    static func save(_ entries: [BodyStage.Entry], inPage: (BodyStage.Entry) -> Bool, cache: String, key: UInt64) -> InPages? {
        var inPages: InPages?
        let saved = KeptFile.save(to: file(in: cache)) { write in inPages = encode(entries, inPage: inPage, key: key, into: write) }
        return saved ? inPages : nil
    }

    /// Writes where each body `inPages` names starts in its page (`offsets`, by id), else its HTML
    /// (`html`, by id); a body with neither is not kept. Removes the file when there is no bodies file to tie it to.
    static func savePlaces(_ inPages: InPages?, offsets: [String: Int], html: (String) -> String?, cache: String) {
        guard let inPages else { return FileIO.remove(placesFile(in: cache)) }
        KeptFile.save(to: placesFile(in: cache)) { write in
            write(encodedPlaces(inPages, offsets: offsets, html: html))
        }
    }

    // MARK: - The file

    /// The whole file (see ``encode(_:inPage:key:into:)``).
    static func encoded(_ entries: [BodyStage.Entry], inPage: (BodyStage.Entry) -> Bool = { _ in false }, key: UInt64) -> [UInt8] {
        KeptFile.joined { encode(entries, inPage: inPage, key: key, into: $0) }
    }

    /// The entries sorted by id (the same bodies give the same bytes), each with what it was
    /// rendered from, then the body — its HTML, or (``shortestPlaced`` bytes or more, and `inPage`)
    /// only its length and hash; handed to `write` a part at a time.
    /// - Returns: the file's checksum and the ids of the bodies left to their pages.
    @discardableResult
    static func encode(_ entries: [BodyStage.Entry], inPage: (BodyStage.Entry) -> Bool, key: UInt64,
                       into write: ([UInt8]) -> Void) -> InPages {
        // Sorted in place: a second list of a big site's entries would be held while pages are written.
        var kept = entries.filter { $0.diagnostics.isEmpty }
        kept.sort { $0.id < $1.id }
        var file = KeptFile.Writer(magic: magic, version: formatVersion, key: key, capacity: 1 << 21)
        var inPages: [String] = []
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
            if body.html.utf8.count >= shortestPlaced, inPage(entry) {
                inPages.append(entry.id)
                file.append(true)
                file.append(body.html.utf8.count)
                file.append(StableHash.ofUTF8(body.html))
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
        return InPages(checksum: file.checksum, ids: inPages)
    }

    /// The records in `bytes` (bodies left to their pages not read yet); nil unless the file is whole, of this
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
            guard let length = file.integer(), let hash = file.number(), length >= 0 else { return nil }
            placement = Placement(offset: -1, length: length, hash: hash)
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

extension KeptBodies {
    // MARK: - The places file

    /// The places file: written under the bodies file's checksum, then for each body that file
    /// left to its page (in its order, by id) a flag — found in its page or not — and the offset
    /// there, or its HTML.
    static func encodedPlaces(_ inPages: InPages, offsets: [String: Int], html: (String) -> String?) -> [UInt8] {
        var file = KeptFile.Writer(magic: placesMagic, version: formatVersion, key: inPages.checksum, capacity: inPages.ids.count * 48)
        var places: [(String, Place)] = []
        places.reserveCapacity(inPages.ids.count)
        for id in inPages.ids {
            if let offset = offsets[id] {
                places.append((id, .offset(offset)))
            } else if let html = html(id) {
                places.append((id, .html(html)))
            }
        }
        file.append(UInt64(places.count))
        for (id, place) in places {
            file.append(id)
            switch place {
            case .offset(let offset): file.append(true); file.append(offset)
            case .html(let html): file.append(false); file.append(html)
            }
        }
        return file.finished()
    }

    /// Each body's place, by id; nil unless the file is whole, of this format and written against
    /// the bodies file whose checksum is `key`.
    static func decodePlaces(_ bytes: [UInt8], key: UInt64) -> [String: Place]? {
        KeptFile.read(bytes, magic: placesMagic, version: formatVersion, key: key) { file -> [String: Place]? in
            guard let count = file.count(ofRecordsAtLeast: 8 * 3) else { return nil }
            var places: [String: Place] = [:]
            places.reserveCapacity(count)
            for _ in 0..<count {
                guard let id = file.text(), let found = file.flag() else { return nil }
                if found {
                    guard let offset = file.integer(), offset >= 0 else { return nil }
                    places[id] = .offset(offset)
                } else {
                    guard let html = file.text() else { return nil }
                    places[id] = .html(html)
                }
            }
            return places
        }
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

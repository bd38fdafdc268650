import CellarDiagnostics
import CellarFiles
import CellarImages
import Foundation

/// Each item's typed front matter as the last `cellar build` made it, kept for the next process in
/// `.cellar-cache/items.bin`: a file whose bytes hash the same (``ContentItem/Source/sourceHash``)
/// is not parsed and typed again — its YAML and its schema's checks cost about three quarters of
/// reading an item — only split at its front matter for its Markdown body, which is not kept.
///
/// The file's key covers what typing depends on besides the file itself: the program
/// (``KeptFile/programKey``), the settings, the theme, the sections and which files `content/`
/// holds (``ParseStage/context(of:)``), and how paths are shown in messages. An item whose file
/// reported anything, that has a Swift value, or whose date may come from a photo's EXIF header (no
/// `date:`, a photo in a field) is not kept (the next build types it again). A missing, damaged or foreign file reads as nothing
/// kept: every file is typed.
enum KeptItems {
    /// Bump when the file's layout or what an entry covers changes.
    static let formatVersion: UInt32 = 2
    static let magic = Array("cellar-items\n".utf8)

    static func file(in cache: String) -> String { Paths.join(cache, "items.bin") }

    /// The key the file is written under for `site`, whose ``ParseStage/context(of:)`` is
    /// `context`; nil when the program cannot be known.
    static func key(context: UInt64, site: LoadedSite) -> UInt64? {
        KeptFile.key(version: formatVersion) { hash in
            hash.combine(context)
            hash.combine(site.layout.display(sitePath: "content"))
        }
    }

    /// Whether `source`, typed without a diagnostic, can be taken for its file's bytes by the next
    /// process: typing it depended on nothing but those bytes and what the key covers.
    static func isKeepable(_ source: ContentItem.Source, processesImages: Bool) -> Bool {
        guard source.swiftValue == nil else { return false }
        // Without `date:`, the EXIF date of a photo it shows may be its date (``ItemParser``'s
        // `takenDate`): the photo is not part of its bytes.
        guard processesImages, source.fields["date"] == nil else { return true }
        return !source.fields.values.contains { field in
            guard case .file(let reference) = field.value, let path = reference.contentPath else { return false }
            return ImageFile.processedExtensions.contains(Paths.fileExtension(path).lowercased())
        }
    }

    /// The kept records, by id; none when the file is missing, damaged or written under another key.
    static func load(cache: String, key: UInt64) -> Catalog {
        KeptFile.load(file(in: cache)).flatMap { Catalog($0, key: key) } ?? Catalog()
    }

    /// Writes the file (see ``KeptFile/save(to:produce:)``); the records `reusing` holds for the
    /// same bytes are copied as they are, not encoded again.
    static func save(_ sources: [ContentItem.Source], reusing catalog: Catalog, cache: String, key: UInt64) {
        KeptFile.save(to: file(in: cache)) { write in encode(sources, key: key, reusing: catalog, into: write) }
    }

    /// The Markdown body of a file whose front matter is kept: its bytes decoded and split as
    /// ``FrontMatterSplitter/read(_:file:)`` does, without parsing the front matter.
    static func markdown(of bytes: [UInt8], file: String) throws(Diagnostic) -> String {
        try FrontMatterSplitter().split(SourceText.decode(bytes, file: file), file: file).body
    }

    // MARK: - The file

    /// The records of a file, each found by its item's id and read only when asked for: the
    /// parse stage reads those whose files are unchanged, on every core.
    struct Catalog: Sendable {
        /// The whole file, its checksum checked.
        let bytes: [UInt8]
        /// Each record's file hash and where the rest of it lies in ``bytes``.
        let records: [String: (sourceHash: UInt64, range: Range<Int>)]

        /// Nothing kept.
        init() {
            bytes = []
            records = [:]
        }

        /// The records of `bytes`; nil unless the file is whole, of this format and written under `key`.
        init?(_ bytes: [UInt8], key: UInt64) {
            let found = KeptFile.read(bytes, magic: magic, version: formatVersion, key: key) { file -> [String: (UInt64, Range<Int>)]? in
                guard let count = file.count(ofRecordsAtLeast: 1 + 8 + 1) else { return nil }
                var records: [String: (UInt64, Range<Int>)] = [:]
                records.reserveCapacity(count)
                for _ in 0..<count {
                    guard let id = file.compactText(), let sourceHash = file.number(), let length = file.compactNumber() else { return nil }
                    let start = file.position
                    guard file.skip(length) else { return nil }
                    records[id] = (sourceHash, start..<file.position)
                }
                return records
            }
            guard let found else { return nil }
            self.bytes = bytes
            self.records = found.mapValues { (sourceHash: $0.0, range: $0.1) }
        }

        var count: Int { records.count }

        /// The source kept for `id` when its file's bytes hashed `sourceHash`, without its
        /// Markdown; nil when none is kept for those bytes (or its record is damaged).
        func source(_ id: String, sourceHash: UInt64) -> ContentItem.Source? {
            guard let record = records[id], record.sourceHash == sourceHash else { return nil }
            return KeptFile.record(in: bytes, range: record.range) { decodeSource(id: id, sourceHash: sourceHash, &$0) }
        }

        /// The record kept for `source`'s bytes, as the file holds it (after its id and hash).
        fileprivate func record(for source: ContentItem.Source) -> ArraySlice<UInt8>? {
            guard let record = records[source.id], record.sourceHash == source.sourceHash else { return nil }
            return bytes[record.range]
        }
    }

    /// The whole file (see ``encode(_:key:reusing:into:)``).
    static func encoded(_ sources: [ContentItem.Source], key: UInt64, reusing catalog: Catalog = Catalog()) -> [UInt8] {
        KeptFile.joined { encode(sources, key: key, reusing: catalog, into: $0) }
    }

    /// The sources sorted by id (the same items give the same bytes), each its id, its file's
    /// hash, the length of the rest and the rest: every field but the Markdown body. Every number
    /// but hashes and the bits of dates and decimals is compact (``KeptFile/Writer/appendCompact(_:)-(UInt64)``):
    /// in eight bytes each, they made half the file. Handed to `write` a part at a time.
    static func encode(_ sources: [ContentItem.Source], key: UInt64, reusing catalog: Catalog,
                       into write: ([UInt8]) -> Void) {
        var file = KeptFile.Writer(magic: magic, version: formatVersion, key: key, capacity: 1 << 20)
        file.append(UInt64(sources.count))
        for source in sources.sorted(by: { $0.id < $1.id }) {
            file.appendCompact(source.id)
            file.append(source.sourceHash)
            if let record = catalog.record(for: source) {
                file.appendCompact(UInt64(record.count))
                file.append(bytes: record)
            } else {
                var rest = KeptFile.Writer()
                encodeRest(of: source, into: &rest)
                file.appendCompact(UInt64(rest.bytes.count))
                file.append(bytes: rest.bytes[...])
            }
            if let part = file.part() { write(part) }
        }
        write(file.finished())
    }

    /// A source after its id and hash.
    private static func encodeRest(of source: ContentItem.Source, into file: inout KeptFile.Writer) {
        file.appendCompact(source.file)
        file.appendCompact(source.sectionID)
        file.appendCompact(source.kind)
        file.appendCompact(source.hasPage)
        file.appendCompact(source.title)
        append(source.date, to: &file)
        append(source.updated, to: &file)
        file.appendCompact(source.slug)
        append(source.tags, to: &file)
        file.appendCompact(source.draft)
        append(source.expires, to: &file)
        file.appendCompact(source.weight)
        append(source.aliases, to: &file)
        append(source.fields, of: source.file, to: &file)
        file.appendCompact(source.url.value)
        file.appendCompact(source.anchor)
        file.appendCompact(source.bundleDirectory != nil)
        file.appendCompact(source.bundleDirectory ?? "")
        file.appendCompact(source.bodyFirstLine)
        file.appendCompact(source.summary)
        file.appendCompact(source.language)
        file.appendCompact(source.siteLanguage)
        file.appendCompact(source.translationKey)
    }

    /// The sources in `bytes`, by id; nil unless the file is whole, of this format and written
    /// under `key`, and every record reads.
    static func decode(_ bytes: [UInt8], key: UInt64) -> [String: ContentItem.Source]? {
        guard let catalog = Catalog(bytes, key: key) else { return nil }
        var sources: [String: ContentItem.Source] = [:]
        for (id, record) in catalog.records {
            guard let source = catalog.source(id, sourceHash: record.sourceHash) else { return nil }
            sources[id] = source
        }
        return sources
    }

    private static func decodeSource(id: String, sourceHash: UInt64, _ file: inout KeptFile.Reader) -> ContentItem.Source? {
        guard let display = file.compactText(), let sectionID = file.compactText(),
              let kind = file.compactText(), let hasPage = file.compactFlag(), let title = file.compactText(), let date = decodeDate(&file),
              let updated = decodeDate(&file), let slug = file.compactText(), let tags = decodeTexts(&file), let draft = file.compactFlag(),
              let expires = decodeDate(&file), let weight = file.compactInteger(), let aliases = decodeTexts(&file),
              let fields = decodeFields(of: display, &file),
              let url = file.compactText(), let anchor = file.compactText(), let hasBundle = file.compactFlag(), let bundleDirectory = file.compactText(),
              let bodyFirstLine = file.compactInteger(), let summary = file.compactText(), let language = file.compactText(),
              let siteLanguage = file.compactText(), let translationKey = file.compactText() else { return nil }
        return ContentItem.Source(
            id: id, file: display, sectionID: sectionID, kind: kind, hasPage: hasPage, title: title, date: date,
            updated: updated, slug: slug, tags: tags, draft: draft, expires: expires, weight: weight,
            aliases: aliases, fields: fields, url: URLPath(url), anchor: anchor,
            bundleDirectory: hasBundle ? bundleDirectory : nil, markdown: "", bodyFirstLine: bodyFirstLine,
            summary: summary, sourceHash: sourceHash, language: language, siteLanguage: siteLanguage,
            translationKey: translationKey)
    }

    // MARK: - Values

    /// What a ``FieldValue`` is, as the file says it.
    private enum Tag: UInt64 {
        case string, html, int, number, bool, date, url, file, list, object, null
    }

    private static func append(_ date: Date?, to file: inout KeptFile.Writer) {
        file.appendCompact(date != nil)
        file.append((date?.timeIntervalSinceReferenceDate ?? 0).bitPattern)
    }

    /// A date or none; nil (the outer optional) when the file is damaged.
    private static func decodeDate(_ file: inout KeptFile.Reader) -> Date?? {
        guard let present = file.compactFlag(), let bits = file.number() else { return nil }
        return .some(present ? Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits)) : nil)
    }

    private static func append(_ texts: [String], to file: inout KeptFile.Writer) {
        file.appendCompact(UInt64(texts.count))
        for text in texts { file.appendCompact(text) }
    }

    private static func decodeTexts(_ file: inout KeptFile.Reader) -> [String]? {
        guard let count = file.compactCount(ofRecordsAtLeast: 1) else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(count)
        for _ in 0..<count {
            guard let text = file.compactText() else { return nil }
            texts.append(text)
        }
        return texts
    }

    /// A record's fields in name order (the same fields give the same bytes); `item` is the file
    /// of the item they belong to (see ``Place``).
    private static func append(_ fields: [String: TypedField], of item: String, to file: inout KeptFile.Writer) {
        file.appendCompact(UInt64(fields.count))
        for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
            file.appendCompact(name)
            append(field, of: item, to: &file)
        }
    }

    private static func decodeFields(of item: String, _ file: inout KeptFile.Reader) -> [String: TypedField]? {
        guard let count = file.compactCount(ofRecordsAtLeast: 3) else { return nil }
        var fields: [String: TypedField] = [:]
        fields.reserveCapacity(count)
        for _ in 0..<count {
            guard let name = file.compactText(), let field = decodeField(of: item, &file) else { return nil }
            fields[name] = field
        }
        return fields
    }

    /// Where a value was written: nowhere (a default), in the item's own file (nearly every
    /// value: its name is not repeated), or in another file, named.
    private enum Place: UInt64 {
        case none, itemFile, otherFile
    }

    /// A typed value and where it was written: the value's tag, its payload, then the place
    /// (``Place``, the other file's name, line, column).
    private static func append(_ field: TypedField, of item: String, to file: inout KeptFile.Writer) {
        switch field.value {
        case .string(let text): file.appendCompact(Tag.string.rawValue); file.appendCompact(text)
        case .html(let html, let source): file.appendCompact(Tag.html.rawValue); file.appendCompact(html); file.appendCompact(source)
        case .int(let number): file.appendCompact(Tag.int.rawValue); file.appendCompact(number)
        case .number(let number): file.appendCompact(Tag.number.rawValue); file.append(number.bitPattern)
        case .bool(let flag): file.appendCompact(Tag.bool.rawValue); file.appendCompact(flag)
        case .date(let date): file.appendCompact(Tag.date.rawValue); file.append(date.timeIntervalSinceReferenceDate.bitPattern)
        case .url(let text): file.appendCompact(Tag.url.rawValue); file.appendCompact(text)
        case .file(let reference):
            file.appendCompact(Tag.file.rawValue)
            file.appendCompact(reference.written)
            file.appendCompact(reference.contentPath != nil); file.appendCompact(reference.contentPath ?? "")
            file.appendCompact(reference.remoteURL != nil); file.appendCompact(reference.remoteURL ?? "")
        case .list(let entries):
            file.appendCompact(Tag.list.rawValue)
            file.appendCompact(UInt64(entries.count))
            for entry in entries { append(entry, of: item, to: &file) }
        case .object(let fields): file.appendCompact(Tag.object.rawValue); append(fields, of: item, to: &file)
        case .null: file.appendCompact(Tag.null.rawValue)
        }
        guard let location = field.location else { return file.appendCompact(Place.none.rawValue) }
        if location.file == item {
            file.appendCompact(Place.itemFile.rawValue)
        } else {
            file.appendCompact(Place.otherFile.rawValue)
            file.appendCompact(location.file)
        }
        file.appendCompact(location.line)
        file.appendCompact(location.column)
    }

    private static func decodeField(of item: String, _ file: inout KeptFile.Reader) -> TypedField? {
        guard let tag = file.compactNumber().flatMap(Tag.init(rawValue:)), let value = decodeValue(tag, of: item, &file),
              let place = file.compactNumber().flatMap(Place.init(rawValue:)) else { return nil }
        if place == .none { return TypedField(value, at: nil) }
        guard let written = place == .itemFile ? item : file.compactText(), let line = file.compactInteger(), let column = file.compactInteger()
        else { return nil }
        return TypedField(value, at: SourceLocation(file: written, line: line, column: column))
    }

    private static func decodeValue(_ tag: Tag, of item: String, _ file: inout KeptFile.Reader) -> FieldValue? {
        switch tag {
        case .string: return file.compactText().map(FieldValue.string)
        case .html:
            guard let html = file.compactText(), let source = file.compactText() else { return nil }
            return .html(html, source: source)
        case .int: return file.compactInteger().map(FieldValue.int)
        case .number: return file.number().map { .number(Double(bitPattern: $0)) }
        case .bool: return file.compactFlag().map(FieldValue.bool)
        case .date: return file.number().map { .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: $0))) }
        case .url: return file.compactText().map(FieldValue.url)
        case .file:
            guard let written = file.compactText(), let hasPath = file.compactFlag(), let path = file.compactText(), let hasURL = file.compactFlag(),
                  let url = file.compactText() else { return nil }
            return .file(FileReference(written: written, contentPath: hasPath ? path : nil, remoteURL: hasURL ? url : nil))
        case .list:
            guard let count = file.compactCount(ofRecordsAtLeast: 2) else { return nil }
            var entries: [TypedField] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                guard let entry = decodeField(of: item, &file) else { return nil }
                entries.append(entry)
            }
            return .list(entries)
        case .object: return decodeFields(of: item, &file).map(FieldValue.object)
        case .null: return .null
        }
    }
}

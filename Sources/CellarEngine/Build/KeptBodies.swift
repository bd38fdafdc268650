import CellarDiagnostics
import CellarFiles
import CellarMarkdown

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
enum KeptBodies {
    /// Bump when the file's layout or what an entry covers changes.
    static let formatVersion: UInt32 = 1
    static let magic = Array("cellar-bodies\n".utf8)

    static func file(in cache: String) -> String { Paths.join(cache, "bodies.bin") }

    /// The key the file is written under for `site` and its code highlighting; nil when the
    /// program cannot be known (nothing is kept then).
    static func key(context: UInt64, highlighting: CodeBlockHighlighting?) -> UInt64? {
        KeptFile.key(version: formatVersion) { hash in
            hash.combine(context)
            // Code is coloured, plain (highlighting off), or plain because the highlighter could not be set up.
            hash.combine(highlighting.map { $0.highlighter.setupProblem ?? "ready" } ?? "off")
        }
    }

    /// The entries the file holds; empty when it is missing, damaged or written under another key.
    static func load(cache: String, key: UInt64) -> [String: BodyStage.Entry] {
        KeptFile.load(file(in: cache)).flatMap { decode($0, key: key) } ?? [:]
    }

    /// Writes the entries that reported nothing (see ``KeptFile/save(_:to:)``).
    static func save(_ entries: [BodyStage.Entry], cache: String, key: UInt64) {
        KeptFile.save(to: file(in: cache)) { write in encode(entries, key: key, into: write) }
    }

    // MARK: - The file

    /// The whole file (see ``encode(_:key:into:)``).
    static func encoded(_ entries: [BodyStage.Entry], key: UInt64) -> [UInt8] {
        KeptFile.joined { encode(entries, key: key, into: $0) }
    }

    /// The entries sorted by id (the same bodies give the same bytes), each with what it was
    /// rendered from, then the body; handed to `write` a part at a time.
    static func encode(_ entries: [BodyStage.Entry], key: UInt64, into write: ([UInt8]) -> Void) {
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
            file.append(body.html)
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

    /// The entries in `bytes`; nil unless the file is whole, of this format and written under `key`.
    static func decode(_ bytes: [UInt8], key: UInt64) -> [String: BodyStage.Entry]? {
        KeptFile.read(bytes, magic: magic, version: formatVersion, key: key) { file -> [String: BodyStage.Entry]? in
            guard let count = file.count(ofRecordsAtLeast: 8 * 21) else { return nil }
            var entries: [String: BodyStage.Entry] = [:]
            entries.reserveCapacity(count)
            for _ in 0..<count {
                guard let entry = Self.entry(&file) else { return nil }
                entries[entry.id] = entry
            }
            return entries
        }
    }

    private static func entry(_ file: inout KeptFile.Reader) -> BodyStage.Entry? {
        guard let id = file.text(), let sourceHash = file.number(), let url = file.text(), let language = file.text(),
              let renderingKey = file.number(), let dependsOnLinks = file.flag(), let linksKey = file.number(), let usesShortcodes = file.flag(),
              let shortcodesKey = file.number(), let dataFileCount = file.count(ofRecordsAtLeast: 16) else { return nil }
        var dataFiles: [String: UInt64] = [:]
        for _ in 0..<dataFileCount {
            guard let path = file.text(), let hash = file.number() else { return nil }
            dataFiles[path] = hash
        }
        guard let revision = file.number(), let html = file.text(), let summary = file.text(),
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
        return BodyStage.Entry(id: id, sourceHash: sourceHash, url: URLPath(url), language: language, renderingKey: renderingKey, dependsOnLinks: dependsOnLinks,
                               linksKey: linksKey, usesShortcodes: usesShortcodes, shortcodesKey: shortcodesKey,
                               dataFiles: dataFiles, body: body, revision: revision, diagnostics: [])
    }
}

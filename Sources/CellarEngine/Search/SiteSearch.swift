import AnnotatedLocking
import CellarDiagnostics
import CellarFiles
import CellarSearch
import Foundation
import Synchronization

/// The site's search index (see ``SearchIndex`` for its files): which items it holds, what of each
/// it reads, and the files it makes — each item's terms worked out once per revision in a session.
///
/// A multilingual site has one index per language, under the language's prefix
/// (`vi/search/index/`), holding only the items listed in that language: its pages' box and its
/// search page (`vi/search/`) query it alone. A site in one language has one index, `search/index/`.
struct SiteSearch {
    /// The model the index's items come from: the site's, or one language's (``LanguageSite``), whose
    /// sections carry that language's titles and addresses.
    var model: SiteModel
    var environment: RenderEnvironment
    var cache: SearchCache
    /// The language whose items the index holds (nil: every item of a site in one language).
    var language: String?
    /// Where the index's pages live: `""`, or the language's prefix (`vi/`).
    var prefix: String = ""
    /// The file each document's terms are kept in between processes (``KeptTerms``), in `.cellar-cache/search/`;
    /// nil: not kept (a build in memory).
    var keptFile: String?
    /// Whether the index is kept for the session's next build (``SearchCache/setPendingIndex(_:_:)``):
    /// not after a one-shot `cellar build`, whose process ends with it — the index (its postings, every
    /// document's terms and rows) is then let go of as soon as its files are written, while the pages
    /// are still being rendered, not held to the end of the build.
    var remembers = true

    /// The search page's address (when the theme has `layouts/search.html`).
    static let page: URLPath = "search/"

    /// The search page of the pages under `prefix` (`vi/search/`).
    static func page(prefix: String) -> URLPath { URLPath(prefix + page.value) }

    /// The index's folder of the pages under `prefix` (`vi/search/index/`).
    static func folder(prefix: String) -> URLPath { URLPath(prefix + SearchIndex.folder + "/") }

    /// The index of every language's items (one for a site in one language), each in its own language's
    /// model and environment.
    static func indexes(_ model: SiteModel, environment: RenderEnvironment, cache: SearchCache,
                        languageSites: [(site: LanguageSite, environment: RenderEnvironment)], keptIn folder: String?) -> [SiteSearch] {
        func kept(_ code: String?) -> String? {
            folder.map { Paths.join(Paths.join($0, "search"), code.map { "terms-\($0).bin" } ?? "terms.bin") }
        }
        guard !languageSites.isEmpty else {
            return [SiteSearch(model: model, environment: environment, cache: cache, keptFile: kept(nil))]
        }
        return languageSites.map { part in
            SiteSearch(model: part.site.model, environment: part.environment, cache: cache,
                       language: part.site.language.code, prefix: part.site.language.prefix, keptFile: kept(part.site.language.code))
        }
    }

    /// Whether the site has search: `search:` of the settings, else whether the theme has a search page.
    static func isOn(_ model: SiteModel) -> Bool {
        model.config.search ?? (model.theme.layouts["search"] != nil)
    }

    /// Whether `item` is searched: its section (or the nearest above it that says) has not turned
    /// search off, and its kind reads some field.
    func isSearched(_ item: ContentItem) -> Bool {
        if let language, item.siteLanguage != language { return false }
        return Self.isSearched(item, in: model)
    }

    static func isSearched(_ item: ContentItem, in model: SiteModel) -> Bool {
        guard !(model.theme.kinds[item.kind]?.searchable ?? .standard).entries.isEmpty else { return false }
        var id: String? = item.sectionID
        while let current = id, let section = model.sectionsByID[current] {
            if let search = section.search { return search }
            id = section.parentID
        }
        return true
    }

    /// The files the index of `model` is written to (``SearchIndex``), none when the site has no search.
    static func files(of model: SiteModel) -> [String] {
        guard isOn(model) else { return [] }
        let languages = model.config.languages
        guard languages.isMultilingual else {
            return files(prefix: "", documents: model.items.count { isSearched($0, in: model) })
        }
        return languages.all.flatMap { language in
            files(prefix: language.prefix,
                  documents: model.items.count { $0.siteLanguage == language.code && isSearched($0, in: model) })
        }
    }

    private static func files(prefix: String, documents: Int) -> [String] {
        let folder = prefix + SearchIndex.folder
        return ["\(folder)/config.json"]
            + (0..<SearchIndex.shardCount(documents: documents)).map { "\(folder)/s-\($0).json" }
            + stride(from: 0, to: documents, by: SearchIndex.chunkSize).map { "\(folder)/m-\($0 / SearchIndex.chunkSize).json" }
    }

    /// The document the index holds for `item`.
    func document(for item: ContentItem) -> SearchDocument {
        let searchable = environment.kinds[item.kind]?.searchable ?? .standard
        var fields: [SearchDocument.Field] = []
        var body: String?
        func plainBody() -> String {
            if let body { return body }
            let text = PlainText.fromHTML(item.contentHTML)
            body = text
            return text
        }
        for entry in searchable.entries {
            let text: String
            switch entry.field {
            case "title": text = item.title
            case "summary": text = item.summary
            case "body": text = plainBody()
            case "tags": text = item.tags.joined(separator: " ")
            default: text = Self.text(of: item.fields[entry.field]?.value)
            }
            if !text.isEmpty { fields.append(.init(text, weight: entry.weight)) }
        }
        let url = item.hasPage ? environment.href(item.url)
            : environment.href(model.sectionsByID[item.sectionID]?.url ?? .root) + "#" + item.anchor
        let snippet = item.summary.isEmpty ? plainBody() : item.summary
        return SearchDocument(
            url: url, title: item.title, kind: environment.kinds[item.kind]?.label ?? item.kind,
            date: item.date.map { environment.dates.long($0, in: item.language) } ?? "",
            section: model.sectionsByID[item.sectionID].map { $0.id.isEmpty ? "" : $0.title } ?? "",
            language: item.language, fields: fields, snippet: snippet)
    }

    /// The words of a typed field: strings, Markdown as written, lists of them.
    static func text(of value: FieldValue?) -> String {
        switch value {
        case .string(let text)?: text
        case .html(let html, _)?: PlainText.fromHTML(html)
        case .list(let entries)?: entries.map { text(of: $0.value) }.filter { !$0.isEmpty }.joined(separator: " ")
        default: ""
        }
    }

    /// What every document depends on besides its item's revision: the settings (address, dates),
    /// the theme (kinds' labels and searched fields), the sections' titles and the photos (a body's
    /// pictures are drawn from them).
    func settingsKey() -> UInt64 {
        var hash = StableHash()
        hash.combine(CellarVersion.current)
        // Terms kept on disk by an older tokenizer (bump ``KeptTerms/formatVersion`` when words are read otherwise).
        hash.combine(UInt64(KeptTerms.formatVersion))
        hash.combine(UInt64(SearchIndex.formatVersion))
        hash.combine(environment.images.fingerprint)
        hash.combine(model.theme.fingerprint)
        hash.combine(model.config.sourceHash)
        hash.combine(model.config.url.description)
        hash.combine(language ?? "")
        for section in model.sections {
            hash.combine(section.id)
            hash.combine(section.sourceHash)
            hash.combine(section.title)
            hash.combine(section.url.value)
        }
        return hash.value
    }

    /// What ``read()`` made of the items: the session's index with the items whose revision moved
    /// read again, or every item's row and terms, not yet made into postings.
    enum Reading: Sendable {
        case edited(SearchIndexState)
        /// `keep`: the index is this process's first, its terms to be kept for the next process.
        case fresh(ids: [String], keys: [UInt64], rows: [[UInt8]], terms: [DocumentTerms], keep: Bool)
    }

    /// Reads the items the index needs read (on every core): the work that can run before the pages
    /// are rendered, leaving ``files(_:all:)`` the postings and the files. Searched items are
    /// numbered in the model's order (source paths). In a session whose items are the same ones,
    /// only items whose revision moved are read again.
    func read() async -> Reading {
        let items = model.items.filter(isSearched)
        let settings = settingsKey()
        let keys = items.map { item in
            var key = StableHash()
            key.combine(settings)
            key.combine(item.revision)
            return key.value
        }
        let state = cache.takeIndex(prefix)
        if var index = state, index.ids.count == items.count, zip(index.ids, items).allSatisfy({ $0 == $1.id }) {
            let stale = items.indices.filter { index.keys[$0] != keys[$0] }
            let made = await parallelMap(stale, minimumChunk: 16) { [self] number in
                cache.noteRead()
                return self.read(items[number])
            }
            for (number, (document, terms)) in zip(stale, made) {
                index.replace(number, key: keys[number], document: document, terms: terms)
            }
            return .edited(index)
        }
        // Items come or go: numbered afresh, but only the items whose key moved are read again —
        // known from the session's index, else from what the last process kept on disk.
        var kept: [String: Int] = [:]
        if let old = state { for (number, id) in old.ids.enumerated() { kept[id] = number } }
        let old = state
        let fromDisk = state == nil ? keptFile.flatMap { Self.readKept($0, numbers: cache.tokenizers.numbers) } : nil
        let made = await parallelMap(Array(items.indices), minimumChunk: 32) { [self, kept] number -> ([UInt8], DocumentTerms) in
            if let old, let known = kept[items[number].id].map(old.entry), known.key == keys[number] {
                return (known.row, known.terms)
            }
            if let known = fromDisk?[items[number].id], known.key == keys[number] { return (known.row, known.terms) }
            let (document, terms) = self.read(items[number])
            cache.noteRead()
            return (SearchIndexState.row(document), terms)
        }
        // A process's first build keeps its terms for the next process (a session's later builds
        // do not write them again: a kept entry whose key moved is read afresh anyway).
        return .fresh(ids: items.map(\.id), keys: keys, rows: made.map(\.0), terms: made.map(\.1), keep: old == nil && keptFile != nil)
    }

    /// The files of the index made of what ``read()`` gave, handed to `body` as they are made (their
    /// paths under the index's prefix): all of them (`all`), or those whose bytes may differ from
    /// what the last build that went through made (only the shards and chunks the items read again
    /// touch are serialised).
    /// An index that is not remembered (``remembers``) keeps of each document's terms only its
    /// aliases once its postings are made: `reading` is handed over, so that nothing else holds them.
    func forEachFile(_ reading: consuming Reading, all: Bool, _ body: (_ path: String, _ bytes: [UInt8]) -> Void) {
        var index: SearchIndexState
        switch consume reading {
        case .edited(let edited): index = edited
        case .fresh(let ids, let keys, let rows, let terms, let keep):
            index = SearchIndexState(ids: ids, keys: keys, rows: rows, terms: consume terms, numbers: cache.tokenizers.numbers,
                                     holdsTerms: remembers)
            Trace.mark("search: postings")
            if keep, let keptFile {
                Self.writeKept(index, to: keptFile)
                Trace.mark("search: terms kept")
            }
        }
        index.forEachFile(all: all) { path, bytes in body(prefix + path, bytes) }
        Trace.mark("search: files serialised")
        if remembers { cache.setPendingIndex(index, prefix) }
    }

    private static func readKept(_ file: String, numbers: TermNumbers) -> [String: KeptTerms.Entry]? {
        guard FileIO.exists(file), let bytes = try? FileIO.read(file) else { return nil }
        return KeptTerms.decode(bytes, numbers: numbers)
    }

    /// Best effort: a cache that cannot be written is read as missing next time.
    private static func writeKept(_ state: SearchIndexState, to file: String) {
        let folder = Paths.parent(of: file)
        try? FileIO.makeDirectories(folder)
        // What a process killed while writing left.
        for entry in (try? FileIO.list(folder)) ?? [] where entry.name.contains(".cellar-tmp-") {
            FileIO.remove(Paths.join(folder, entry.name))
        }
        try? FileIO.writeAtomically(to: file) { write in KeptTerms.encode(state, write: write) }
    }

    /// The document of `item` and its terms.
    private func read(_ item: ContentItem) -> (SearchDocument, DocumentTerms) {
        let document = self.document(for: item)
        let terms = cache.tokenizers.with(language: item.language) { DocumentTerms(document, tokenizer: $0) }
        return (document, terms)
    }
}

extension SiteWriter {
    /// Reads the items of every search index (on every core; see ``SiteSearch/read()``): what a full
    /// build does before it queues its pages, so that what is left of the index (postings, files, on
    /// one core) runs beside them rather than after.
    func readSearchIndexes() async -> [SiteSearch.Reading] {
        guard let cache = searches.first?.cache else { return [] }
        cache.startCount()
        var readings: [SiteSearch.Reading] = []
        for search in searches { readings.append(await search.read()) }
        Trace.mark("search: items read")
        return readings
    }

    /// Writes the search index when the site has one: every file, or (`onlyChanged`) those whose
    /// bytes differ from what the last build wrote, which the output still holds.
    /// - Parameter readings: what ``readSearchIndexes()`` gave, one per index; nil: read now.
    func writeSearchIndex(_ readings: [SiteSearch.Reading]? = nil, onlyChanged: Bool) async throws(FileIOError) {
        guard let cache = searches.first?.cache else { return }
        var readings = if let readings { readings } else { await readSearchIndexes() }
        defer { Trace.mark("search: index let go") }
        var hashes = onlyChanged ? cache.written : [:]
        let previous = hashes
        // The files' hashes are for the session's next build (what it compares its files with): an
        // index not remembered (a one-shot `cellar build`) writes every file and hashes none (at
        // 100,000 items, 93 MB of shards and chunks).
        let hashing = onlyChanged || searches.contains(where: \.remembers)
        var failure: FileIOError?
        for (number, search) in searches.enumerated() {
            // Taken out of the array: what is read is let go of with the index it made.
            let reading = readings[number]
            readings[number] = .fresh(ids: [], keys: [], rows: [], terms: [], keep: false)
            search.forEachFile(consume reading, all: !onlyChanged) { path, bytes in
                guard failure == nil else { return }
                if hashing {
                    let hash = bytes.withUnsafeBytes { bytes in
                        var hasher = StableHash()
                        hasher.combine(bytes)
                        return hasher.value
                    }
                    hashes[path] = hash
                    if onlyChanged, previous[path] == hash { return }
                }
                bytes.withUnsafeBytes { bytes in
                    do throws(FileIOError) { try writer.write(bytes, to: path) } catch { failure = error }
                }
            }
        }
        readings = []
        if let failure { throw failure }
        Trace.mark("search: files written")
        cache.setPending(hashes)
    }
}

/// What a session remembers of the search index between builds: the index of the last build that
/// went through (each item's terms, the postings, the files' bytes), and the hash of each index file
/// the output holds.
final class SearchCache: Sendable {
    /// Tokenizers lent out per language: a stemmer and the stems it has worked out (a site's words
    /// repeat from item to item) serve every item a core reads, not one.
    let tokenizers = TokenizerPool()

    /// Each index by the prefix of its language's pages (`""`, `vi/`).
    private struct State: @unchecked Sendable {
        var index: [String: SearchIndexState] = [:]
        var pendingIndex: [String: SearchIndexState] = [:]
        var written: [String: UInt64] = [:]
        var pending: [String: UInt64]?
    }

    private let state = Mutex(State())
    /// How many items the current build read (tokenised) again.
    private let reads = Atomic<Int>(0)

    func noteRead() { reads.add(1, ordering: .relaxed) }

    /// How many items the last build read again, their terms neither in the session's index nor kept on disk.
    var lastReads: Int { reads.load(ordering: .relaxed) }

    init() {}

    /// A build starts reading its items: ``lastReads`` counts from here.
    func startCount() { reads.store(0, ordering: .relaxed) }

    /// The index the output holds, taken out to be edited (given back by ``finish(committed:)``).
    func takeIndex(_ prefix: String) -> SearchIndexState? {
        state.withAnnotatedLock { state in state.index.removeValue(forKey: prefix) }
    }

    /// The index this build made: it describes the output once the build went through.
    func setPendingIndex(_ index: SearchIndexState, _ prefix: String) {
        state.withAnnotatedLock { $0.pendingIndex[prefix] = index }
    }

    /// The hashes of the index files of the last build that went through.
    var written: [String: UInt64] {
        state.withAnnotatedLock { $0.written }
    }

    /// Notes the hashes of the files a build wrote (all of the index): they count once it went through.
    func setPending(_ hashes: [String: UInt64]) {
        state.withAnnotatedLock { $0.pending = hashes }
    }

    /// The build went through (`true`: the pending index and hashes now describe the output) or
    /// failed: the next build then reads every item again and compares every file with the output.
    func finish(committed: Bool) {
        state.withAnnotatedLock { state in
            if committed {
                state.written = state.pending ?? [:]
                state.index = state.pendingIndex
            } else {
                state.index = [:]
            }
            state.pending = nil
            state.pendingIndex = [:]
        }
    }

    /// How many shards and metadata chunks the last build serialised, over every language's index
    /// (tests count an edit's).
    var lastSerialised: (shards: Int, chunks: Int)? {
        state.withAnnotatedLock { state in
            guard !state.index.isEmpty else { return nil }
            return state.index.values.reduce((0, 0)) { ($0.0 + $1.serialisedShards, $0.1 + $1.serialisedChunks) }
        }
    }
}

/// Tokenizers by language, each used by one thread at a time (a tokenizer keeps its stemmer's
/// state and a memo of stems): taken for an item and given back after it.
final class TokenizerPool: Sendable {
    private struct Lent: @unchecked Sendable {
        var idle: [String: [SearchTokenizer]] = [:]
    }

    private let lent = Mutex(Lent())
    /// The terms' numbers, shared by every tokenizer lent.
    let numbers = TermNumbers()

    func with<T>(language: String, _ body: (SearchTokenizer) -> T) -> T {
        let tokenizer = lent.withAnnotatedLock { $0.idle[language]?.popLast() } ?? SearchTokenizer(language: language, numbers: numbers)
        defer { lent.withAnnotatedLock { $0.idle[language, default: []].append(tokenizer) } }
        return body(tokenizer)
    }
}

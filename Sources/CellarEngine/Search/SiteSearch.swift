import AnnotatedLocking
import CellarSearch
import Foundation
import Synchronization

/// The site's search index (see ``SearchIndex`` for its files): which items it holds, what of each
/// it reads, and the files it makes — each item's terms worked out once per revision in a session.
struct SiteSearch {
    var model: SiteModel
    var environment: RenderEnvironment
    var cache: SearchCache

    /// The search page's address (when the theme has `layouts/search.html`).
    static let page: URLPath = "search/"

    /// Whether the site has search: `search:` of the settings, else whether the theme has a search page.
    static func isOn(_ model: SiteModel) -> Bool {
        model.config.search ?? (model.theme.layouts["search"] != nil)
    }

    /// Whether `item` is searched: its section (or the nearest above it that says) has not turned
    /// search off, and its kind reads some field.
    func isSearched(_ item: ContentItem) -> Bool { Self.isSearched(item, in: model) }

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
        let documents = model.items.count { isSearched($0, in: model) }
        return ["\(SearchIndex.folder)/config.json"]
            + (0..<SearchIndex.shardCount(documents: documents)).map { "\(SearchIndex.folder)/s-\($0).json" }
            + stride(from: 0, to: documents, by: SearchIndex.chunkSize).map { "\(SearchIndex.folder)/m-\($0 / SearchIndex.chunkSize).json" }
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

    /// Every file of the index: its searched items in the model's order (source paths), their terms
    /// from the cache when their revision and kind's fields are the ones it holds.
    func files() async -> [(path: String, bytes: [UInt8])] {
        let items = model.items.filter(isSearched)
        let made = await parallelMap(items, minimumChunk: 32) { [self] item -> (SearchDocument, DocumentTerms) in
            let document = self.document(for: item)
            var key = StableHash()
            key.combine(item.revision)
            key.combine(item.language)
            for field in document.fields {
                key.combine(field.text)
                key.combine(field.weight)
            }
            if let known = cache.terms(of: item.id, key: key.value) { return (document, known) }
            let terms = cache.tokenizers.with(language: item.language) { DocumentTerms(document, tokenizer: $0) }
            cache.remember(terms, of: item.id, key: key.value)
            return (document, terms)
        }
        cache.keepTerms(of: Set(items.map(\.id)))
        return SearchIndex.files(made.map(\.0), terms: made.map(\.1))
    }
}

extension SiteWriter {
    /// Writes the search index when the site has one: every file, or (`onlyChanged`) those whose
    /// bytes differ from what the last build wrote, which the output still holds.
    func writeSearchIndex(onlyChanged: Bool) async throws(FileIOError) {
        guard let search else { return }
        let previous = onlyChanged ? search.cache.written : [:]
        var hashes: [String: UInt64] = [:]
        for file in await search.files() {
            let hash = file.bytes.withUnsafeBytes { bytes in
                var hasher = StableHash()
                hasher.combine(bytes)
                return hasher.value
            }
            hashes[file.path] = hash
            if onlyChanged, previous[file.path] == hash { continue }
            var failure: FileIOError?
            file.bytes.withUnsafeBytes { bytes in
                do throws(FileIOError) { try writer.write(bytes, to: file.path) } catch { failure = error }
            }
            if let failure { throw failure }
        }
        search.cache.setPending(hashes)
    }
}

/// What a session remembers of the search index between builds: each item's terms (with the key
/// of what they were read from), and the hash of each index file the output holds.
final class SearchCache: Sendable {
    /// Tokenizers lent out per language: a stemmer and the stems it has worked out (a site's words
    /// repeat from item to item) serve every item a core reads, not one.
    let tokenizers = TokenizerPool()

    private struct State {
        var terms: [String: (key: UInt64, terms: DocumentTerms)] = [:]
        var written: [String: UInt64] = [:]
        var pending: [String: UInt64]?
    }

    private let state = Mutex(State())

    init() {}

    func terms(of id: String, key: UInt64) -> DocumentTerms? {
        state.withAnnotatedLock { state in
            guard let known = state.terms[id], known.key == key else { return nil }
            return known.terms
        }
    }

    func remember(_ terms: DocumentTerms, of id: String, key: UInt64) {
        state.withAnnotatedLock { $0.terms[id] = (key, terms) }
    }

    /// The hashes of the index files of the last build that went through.
    var written: [String: UInt64] {
        get { state.withAnnotatedLock { $0.written } }
    }

    /// Notes the hashes of the files a build wrote (all of the index): they count once it went through.
    func setPending(_ hashes: [String: UInt64]) {
        state.withAnnotatedLock { $0.pending = hashes }
    }

    /// The build went through (`true`: the pending hashes now describe the output) or failed.
    func finish(committed: Bool) {
        state.withAnnotatedLock { state in
            if committed { state.written = state.pending ?? [:] }
            state.pending = nil
        }
    }

    /// Forgets the terms of items no longer searched (a session's items come and go).
    func keepTerms(of ids: Set<String>) {
        state.withAnnotatedLock { state in
            if state.terms.count > ids.count { state.terms = state.terms.filter { ids.contains($0.key) } }
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

    func with<T>(language: String, _ body: (SearchTokenizer) -> T) -> T {
        let tokenizer = lent.withAnnotatedLock { $0.idle[language]?.popLast() } ?? SearchTokenizer(language: language)
        defer { lent.withAnnotatedLock { $0.idle[language, default: []].append(tokenizer) } }
        return body(tokenizer)
    }
}

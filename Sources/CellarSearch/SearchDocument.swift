/// What the index knows of one item: the fields searched, with their weights, and what a result shows.
package struct SearchDocument: Sendable, Hashable {
    /// A searched text and how much each of its words weighs (`title^3` → 3).
    package struct Field: Sendable, Hashable {
        package var text: String
        package var weight: Int

        package init(_ text: String, weight: Int = 1) {
            self.text = text
            self.weight = weight
        }
    }

    /// The address of the result (from the site's root: `/posts/hello/`).
    package var url: String
    package var title: String
    /// The kind's label (`Review`).
    package var kind: String
    /// The date as the result shows it (`2024-05-01`), or empty.
    package var date: String
    /// The section's title, or empty.
    package var section: String
    /// BCP 47: picks the stemmer.
    package var language: String
    package var fields: [Field]
    /// Plain text the result's snippet is cut from (its first ``SearchIndex/snippetLength`` characters are kept).
    package var snippet: String

    package init(url: String, title: String, kind: String, date: String, section: String, language: String,
                 fields: [Field], snippet: String) {
        self.url = url
        self.title = title
        self.kind = kind
        self.date = date
        self.section = section
        self.language = language
        self.fields = fields
        self.snippet = snippet
    }
}

/// One document's terms with their weighted counts, and the words that were stemmed to them.
///
/// Kept as arrays in the order the words first occur (what ``SearchTokenizer/terms(of:)`` makes,
/// and what ``KeptTerms`` writes and reads back): no dictionary per document, and the same text
/// gives the same arrays. Two values are equal when they hold the same terms, scores and aliases,
/// in any order.
package struct DocumentTerms: Sendable, Equatable {
    /// The terms, each once.
    package private(set) var terms: [String] = []
    /// `termScores[i]` of `terms[i]`: the sum of the weights of the fields it occurs in, once per
    /// occurrence, at most ``SearchIndex/highestScore``.
    package private(set) var termScores: [UInt8] = []
    /// `termNumbers[i]`: the number of `terms[i]` in the ``TermNumbers`` whose id is ``numberedBy``
    /// (0: none; then `termNumbers` is empty).
    package private(set) var termNumbers: [Int32] = []
    package internal(set) var numberedBy: UInt64 = 0
    /// Folded words that stemming changed, each once, and `aliasStems[i]` the stem of `aliasWords[i]`.
    package private(set) var aliasWords: [String] = []
    package private(set) var aliasStems: [String] = []

    package init() {}

    /// The terms of `document`, read with a tokenizer for its language (``SearchTokenizer/terms(of:)``).
    package init(_ document: SearchDocument, tokenizer: SearchTokenizer) {
        self = tokenizer.terms(of: document.fields)
    }

    package mutating func append(_ term: String, score: UInt8) {
        terms.append(term)
        termScores.append(score)
        if numberedBy != 0 { numberedBy = 0; termNumbers = [] }
    }

    mutating func append(_ term: String, number: Int32, score: UInt8) {
        terms.append(term)
        termNumbers.append(number)
        termScores.append(score)
    }

    /// Whether every term carries its number in `numbers`.
    func isNumbered(by numbers: TermNumbers) -> Bool {
        numberedBy == numbers.id && termNumbers.count == terms.count
    }

    package mutating func appendAlias(_ word: String, stem: String) {
        aliasWords.append(word)
        aliasStems.append(stem)
    }

    mutating func reserveTerms(_ count: Int, numbered: Bool) {
        terms.reserveCapacity(count)
        termScores.reserveCapacity(count)
        if numbered { termNumbers.reserveCapacity(count) }
    }

    /// Term → score, as a dictionary (an edit compares two documents' terms so; tests build them so).
    /// Set, the terms are kept in UTF-8 order.
    package var scores: [String: Int] {
        get {
            var result: [String: Int] = [:]
            result.reserveCapacity(terms.count)
            for (term, score) in zip(terms, termScores) { result[term] = Int(score) }
            return result
        }
        set {
            let sorted = newValue.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            terms = sorted.map(\.key)
            termScores = sorted.map { UInt8(clamping: $0.value) }
            termNumbers = []
            numberedBy = 0
        }
    }

    /// Folded word → its stem, for words that stemming changed. Set, kept in UTF-8 order of the words.
    package var aliases: [String: String] {
        get { Dictionary(zip(aliasWords, aliasStems), uniquingKeysWith: { first, _ in first }) }
        set {
            let sorted = newValue.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            aliasWords = sorted.map(\.key)
            aliasStems = sorted.map(\.value)
        }
    }

    package static func == (lhs: DocumentTerms, rhs: DocumentTerms) -> Bool {
        if lhs.terms == rhs.terms, lhs.termScores == rhs.termScores, lhs.aliasWords == rhs.aliasWords, lhs.aliasStems == rhs.aliasStems {
            return true
        }
        return lhs.terms.count == rhs.terms.count && lhs.aliasWords.count == rhs.aliasWords.count
            && lhs.scores == rhs.scores && lhs.aliases == rhs.aliases
    }
}

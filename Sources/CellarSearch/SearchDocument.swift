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
///
/// Terms numbered by a ``TermNumbers`` (what the tokenizers of a session read) keep their numbers
/// only, never their strings: the index holds every document's terms while the site's pages are
/// rendered, and a String per term and document (16 bytes, 15 million of them at 100,000 items)
/// was the largest part of its memory. ``terms`` and ``aliasWords`` read the strings back from the numbers.
package struct DocumentTerms: Sendable, Equatable {
    /// The terms' strings and their scores when they are not numbered (``numbering`` nil).
    private var termTexts: [String] = []
    private var textScores: [UInt8] = []
    /// The numbered terms (``numbering`` set), each `number * 16 + score`, as a posting holds it
    /// (``SearchIndexState``): one array of 4 bytes a term, not one of numbers and one of scores
    /// (5 bytes a term and a second array per document — 13.6 MB of a 10,000-item build's peak
    /// were these arrays), and the postings made of them by a mask and an add.
    package private(set) var packedTerms: [UInt32] = []
    /// The numbers the terms and aliases carry instead of their strings (nil: strings kept).
    package private(set) var numbering: TermNumbers?
    private var aliasWordTexts: [String] = []
    private var aliasStemTexts: [String] = []
    /// `aliasWordNumbers[i]`, `aliasStemNumbers[i]`: the numbers of `aliasWords[i]` and its stem in ``numbering``.
    package private(set) var aliasWordNumbers: [Int32] = []
    package private(set) var aliasStemNumbers: [Int32] = []

    package init() {}

    /// Terms given packed (``packedTerms``) and aliases numbered by `numbers`, made whole (what
    /// ``TermCounter`` and ``KeptTerms`` make of a document: each array at its size, not appended to
    /// term by term).
    init(numbers: TermNumbers, packedTerms: [UInt32], aliasWords: [Int32], aliasStems: [Int32]) {
        precondition(aliasWords.count == aliasStems.count)
        numbering = numbers
        self.packedTerms = packedTerms
        aliasWordNumbers = aliasWords
        aliasStemNumbers = aliasStems
    }

    /// A term's number and score as ``packedTerms`` holds them.
    @inline(__always)
    static func pack(_ number: Int32, _ score: UInt8) -> UInt32 {
        precondition(number >= 0 && number < 1 << 28, "a term number past 28 bits")
        return UInt32(number) << 4 | UInt32(min(score, UInt8(SearchIndex.highestScore)))
    }

    /// `termScores[i]` of `terms[i]`: the sum of the weights of the fields it occurs in, once per
    /// occurrence, at most ``SearchIndex/highestScore``.
    package var termScores: [UInt8] {
        numbering == nil ? textScores : packedTerms.map { UInt8(truncatingIfNeeded: $0 & 15) }
    }

    /// `termNumbers[i]`: the number of `terms[i]` in ``numbering`` (empty when it is nil).
    package var termNumbers: [Int32] { packedTerms.map { Int32($0 >> 4) } }

    /// The terms of `document`, read with a tokenizer for its language (``SearchTokenizer/terms(of:)``).
    package init(_ document: SearchDocument, tokenizer: SearchTokenizer) {
        self = tokenizer.terms(of: document.fields)
    }

    /// The id of ``numbering`` (0: none).
    package var numberedBy: UInt64 { numbering?.id ?? 0 }

    /// The terms, each once.
    package var terms: [String] {
        guard let numbering else { return termTexts }
        return numbering.texts(termNumbers)
    }

    /// Folded words that stemming changed, each once, and `aliasStems[i]` the stem of `aliasWords[i]`.
    package var aliasWords: [String] {
        guard let numbering else { return aliasWordTexts }
        return numbering.texts(aliasWordNumbers)
    }

    package var aliasStems: [String] {
        guard let numbering else { return aliasStemTexts }
        return numbering.texts(aliasStemNumbers)
    }

    /// Lets go of the terms and their scores, keeping the aliases: what an index that is not edited
    /// again holds of a document once its postings hold its terms (``SearchIndexState/holdsTerms``).
    /// The kept file (``KeptTerms``) writes the terms from the postings and only the aliases per document.
    package mutating func dropTermsKeepingAliases() {
        termTexts = []
        textScores = []
        packedTerms = []
    }

    package var termCount: Int { numbering == nil ? textScores.count : packedTerms.count }
    package var aliasCount: Int { numbering == nil ? aliasWordTexts.count : aliasWordNumbers.count }

    /// Appends a term by its string (the terms then carry no numbers: those appended before are read
    /// back as strings).
    package mutating func append(_ term: String, score: UInt8) {
        dropNumbers()
        termTexts.append(term)
        textScores.append(score)
    }

    /// Appends a term by its number in `numbers` (a document numbered otherwise so far is read back
    /// as strings and numbered again).
    package mutating func append(number: Int32, score: UInt8, numbers: TermNumbers) {
        adopt(numbers)
        packedTerms.append(Self.pack(number, score))
    }

    /// Whether every term carries its number in `numbers`.
    func isNumbered(by numbers: TermNumbers) -> Bool {
        numbering === numbers || (numbering == nil && termTexts.isEmpty && aliasWordTexts.isEmpty)
    }

    package mutating func appendAlias(_ word: String, stem: String) {
        dropNumbers()
        aliasWordTexts.append(word)
        aliasStemTexts.append(stem)
    }

    package mutating func appendAlias(word: Int32, stem: Int32, numbers: TermNumbers) {
        adopt(numbers)
        aliasWordNumbers.append(word)
        aliasStemNumbers.append(stem)
    }

    /// Term → score, as a dictionary (an edit compares two documents' terms so; tests build them so).
    /// Set, the terms are kept in UTF-8 order.
    package var scores: [String: Int] {
        get {
            var result: [String: Int] = [:]
            result.reserveCapacity(termCount)
            for (term, score) in zip(terms, termScores) { result[term] = Int(score) }
            return result
        }
        set {
            let aliases = numbering == nil ? nil : self.aliases
            let sorted = newValue.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            dropNumbers()
            termTexts = sorted.map(\.key)
            textScores = sorted.map { UInt8(clamping: $0.value) }
            if let aliases { self.aliases = aliases }
        }
    }

    /// Folded word → its stem, for words that stemming changed. Set, kept in UTF-8 order of the words.
    package var aliases: [String: String] {
        get { Dictionary(zip(aliasWords, aliasStems), uniquingKeysWith: { first, _ in first }) }
        set {
            dropNumbers()
            let sorted = newValue.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            aliasWordTexts = sorted.map(\.key)
            aliasStemTexts = sorted.map(\.value)
        }
    }

    package static func == (lhs: DocumentTerms, rhs: DocumentTerms) -> Bool {
        if let numbering = lhs.numbering, numbering === rhs.numbering, lhs.packedTerms == rhs.packedTerms,
           lhs.aliasWordNumbers == rhs.aliasWordNumbers, lhs.aliasStemNumbers == rhs.aliasStemNumbers {
            return true
        }
        if lhs.termCount != rhs.termCount || lhs.aliasCount != rhs.aliasCount { return false }
        if lhs.terms == rhs.terms, lhs.termScores == rhs.termScores, lhs.aliasWords == rhs.aliasWords, lhs.aliasStems == rhs.aliasStems {
            return true
        }
        return lhs.scores == rhs.scores && lhs.aliases == rhs.aliases
    }

    // MARK: - Private

    /// The terms and aliases kept as strings from here on.
    private mutating func dropNumbers() {
        guard let numbering else { return }
        termTexts = numbering.texts(termNumbers)
        textScores = termScores
        aliasWordTexts = numbering.texts(aliasWordNumbers)
        aliasStemTexts = numbering.texts(aliasStemNumbers)
        packedTerms = []
        aliasWordNumbers = []
        aliasStemNumbers = []
        self.numbering = nil
    }

    /// The terms and aliases numbered by `numbers` from here on.
    private mutating func adopt(_ numbers: TermNumbers) {
        if numbering === numbers { return }
        if numbering == nil && termTexts.isEmpty && aliasWordTexts.isEmpty {
            numbering = numbers
            return
        }
        dropNumbers()
        packedTerms = zip(termTexts.map(numbers.number(of:)), textScores).map(Self.pack)
        aliasWordNumbers = aliasWordTexts.map(numbers.number(of:))
        aliasStemNumbers = aliasStemTexts.map(numbers.number(of:))
        termTexts = []
        textScores = []
        aliasWordTexts = []
        aliasStemTexts = []
        numbering = numbers
    }
}

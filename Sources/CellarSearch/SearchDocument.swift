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
package struct DocumentTerms: Sendable, Hashable {
    /// Term → score: the sum of the weights of the fields it occurs in, once per occurrence, at most
    /// ``SearchIndex/highestScore``.
    package var scores: [String: Int] = [:]
    /// Folded word → its stem, for words that stemming changed.
    package var aliases: [String: String] = [:]

    package init() {}

    /// The terms of `document`, read with a tokenizer for its language.
    ///
    /// Each distinct word is counted first and stemmed once (a body repeats its words): one hash
    /// lookup per word read, not one for the stem, one for the score and one for the alias.
    package init(_ document: SearchDocument, tokenizer: SearchTokenizer) {
        var words: [String: Int] = [:]
        var pieces: [String: Int] = [:]
        for field in document.fields where field.weight > 0 {
            let weight = field.weight
            tokenizer.forEachPiece(field.text, word: { words[$0, default: 0] += weight },
                                   ideographic: { pieces[$0, default: 0] += weight })
        }
        scores.reserveCapacity(words.count + pieces.count)
        for (word, count) in words {
            let term = tokenizer.stem(word)
            scores[term] = min(SearchIndex.highestScore, scores[term, default: 0] + count)
            if term != word { aliases[word] = term }
        }
        for (piece, count) in pieces {
            scores[piece] = min(SearchIndex.highestScore, scores[piece, default: 0] + count)
        }
    }
}

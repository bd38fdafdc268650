internal import CStemmer

/// A Snowball stemmer (Debian libstemmer) for one language. Not thread-safe: libstemmer keeps the
/// last stem in the stemmer itself, so each thread makes its own (they are cheap).
package final class Stemmer {
    private let stemmer: OpaquePointer

    /// nil when Snowball has no algorithm for `language` (a BCP 47 tag: its primary subtag is used,
    /// so `en-GB` stems as `en`; Vietnamese, Chinese, Japanese and Korean have none).
    package init?(language: String) {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        guard !primary.isEmpty, Self.isAvailable(primary),
              let made = sb_stemmer_new(primary, "UTF_8") else { return nil }
        stemmer = made
    }

    deinit { sb_stemmer_delete(stemmer) }

    /// The stem of a lower-case word; the word itself when libstemmer fails (out of memory).
    package func stem(_ word: String) -> String {
        var word = word
        return word.withUTF8 { bytes -> String in
            guard let base = bytes.baseAddress,
                  let result = sb_stemmer_stem(stemmer, base, Int32(bytes.count)) else { return String(decoding: bytes, as: UTF8.self) }
            let length = Int(sb_stemmer_length(stemmer))
            return String(decoding: UnsafeBufferPointer(start: result, count: length), as: UTF8.self)
        }
    }

    /// Whether libstemmer names `code` (a language name or ISO 639 code) among its algorithms.
    package static func isAvailable(_ code: String) -> Bool {
        guard let made = sb_stemmer_new(code, "UTF_8") else { return false }
        sb_stemmer_delete(made)
        return true
    }
}

import CellarMarkdown

/// A link or image written in a body or an introduction (not in a file it includes), with the
/// address its page shows for it and where its destination is written. Bodies collect them as they
/// render when the build is asked to (``BuildOptions/collectsReferences``, which `cellar check`
/// sets), so that the link checker reads them instead of rendering every body again.
struct BodyReference: Sendable, Hashable {
    var reference: MarkdownReference
    /// The address as the page has it: the rewritten destination, else the destination as written.
    var href: String
    /// Where the destination is written within the Markdown, 1-based (``DestinationFinder``).
    var line: Int
    var column: Int

    /// Whether Markdown may hold a link or an image: `](`, `]:` or raw HTML's `<`. One pass over the bytes.
    static func mayHaveLinks(_ markdown: String) -> Bool {
        var afterBracket = false
        for byte in markdown.utf8 {
            if byte == UInt8(ascii: "<") || afterBracket && (byte == UInt8(ascii: "(") || byte == UInt8(ascii: ":")) { return true }
            afterBracket = byte == UInt8(ascii: "]")
        }
        return false
    }

    /// Gathers the references of one Markdown text in the order the renderer offers them, each
    /// placed where it is written; none when the text cannot hold a link (``mayHaveLinks(_:)``).
    struct Collector {
        private var finder: DestinationFinder?
        private(set) var found: [BodyReference] = []

        /// - Parameter collecting: false collects nothing (a build that does not check links).
        init(markdown: String, collecting: Bool) {
            finder = collecting && BodyReference.mayHaveLinks(markdown) ? DestinationFinder(markdown: markdown) : nil
        }

        mutating func add(_ reference: MarkdownReference, href: String?) {
            guard let (line, column) = finder?.place(of: reference) else { return }
            found.append(BodyReference(reference: reference, href: href ?? reference.destination, line: line, column: column))
        }
    }
}

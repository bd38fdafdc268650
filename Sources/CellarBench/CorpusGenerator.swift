import Foundation

/// Writes a deterministic content tree of N items over five sections — a Swift port of
/// `shared/bench/gen_corpus.py` (same shares, kinds, tags, fields and body shapes; not byte-identical).
///
/// The two formats differ only in the name of the kind field and in the site `_index.md`,
/// which only the Cellar format has (`title: "Benchmark site"`, nothing else).
struct CorpusGenerator {
    enum Format: String, Sendable {
        /// `kind: review`, read by Cellar.
        case cellar
        /// `type: review`, from which Hugo picks `layouts/<type>/` views.
        case hugo

        var kindField: String { self == .cellar ? "kind" : "type" }
    }

    var items: Int
    var seed: UInt64
    var format: Format
    /// Write the images that items name (photos' `image`, reviews' `poster`) as tiny PNGs.
    var assets = true
    /// Give every item a 30-line Swift block and a 10-row table (see ``BodyGenerator/swiftBlock(lines:)``).
    var codeHeavy = false

    /// Writes the tree into `directory` (which must not exist or be empty).
    func write(to directory: String) throws(BenchError) -> Corpus {
        var text = BodyGenerator(random: SplitMix64(seed: seed))
        var files = FileTree(root: directory)
        for section in CorpusVocabulary.sections {
            try files.write(Self.frontMatter(["title: " + Self.quoted(section.title)]), to: "\(section.name)/_index.md")
        }
        let weights = CorpusVocabulary.sections.map(\.share)
        var records: [Corpus.Item] = []
        var bytes = 0
        records.reserveCapacity(items)
        for index in 0..<items {
            let section = CorpusVocabulary.sections[text.random.weighted(weights)]
            let made = item(index: index, section: section, text: &text)
            try files.write(made.text, to: made.record.path)
            bytes += made.text.utf8.count
            if assets {
                for image in made.images { try files.write(CorpusVocabulary.tinyPNG, to: image) }
            }
            records.append(made.record)
        }
        if format == .cellar {
            try files.write(Self.frontMatter(["title: \"Benchmark site\""]), to: "_index.md")
        }
        return Corpus(directory: directory, items: records, markdownBytes: bytes)
    }

    // MARK: - Private

    private func item(
        index: Int, section: CorpusVocabulary.Section, text: inout BodyGenerator
    ) -> (record: Corpus.Item, text: String, images: [String]) {
        let kind = text.random.unit() < CorpusVocabulary.primaryKindShare
            ? section.kind : text.random.pick(CorpusVocabulary.kinds.filter { $0 != section.kind })
        let titleWords = text.words(text.random.int(in: 3...8))
        let title = titleWords.enumerated()
            .map { $0.offset == 0 || $0.element.count > 3 ? $0.element.prefix(1).uppercased() + $0.element.dropFirst() : $0.element }
            .joined(separator: " ")
        let slug = BodyGenerator.slug(titleWords.prefix(5)) + "-" + Self.padded(index, width: 5)
        let date = CivilDate(secondsSinceEpoch: Self.start + text.random.below(5 * 365 * 86_400))
        let tags = text.random.sample(CorpusVocabulary.tags, count: text.random.int(in: 1...3))
        var lines = [
            "title: " + Self.quoted(title),
            "date: " + date.iso8601,
            "\(format.kindField): \(kind)",
            "tags: [" + tags.map(Self.quoted).joined(separator: ", ") + "]",
        ]
        let draft = text.random.unit() < CorpusVocabulary.draftShare
        if draft { lines.append("draft: true") }
        var images: [String] = []
        switch kind {
        case "link":
            let domain = text.random.pick(CorpusVocabulary.domains)
            lines.append("link: " + Self.quoted("https://\(domain)/\(BodyGenerator.slug(titleWords))"))
        case "photo":
            let image = "images/\(date.yearMonthPath)/\(slug).png"
            images.append(image)
            lines.append("image: " + Self.quoted("/" + image))
            lines.append("caption: " + Self.quoted(text.sentence(5, 14, inline: false)))
        case "quote":
            lines.append("author: " + Self.quoted(text.random.pick(CorpusVocabulary.authors)))
        case "review":
            let poster = "posters/\(slug).png"
            images.append(poster)
            lines.append("rating: \(text.random.int(in: 0...10))")
            lines.append("poster: " + Self.quoted("/" + poster))
        default:
            break
        }
        var body = text.body(kind: kind)
        if codeHeavy { body += "\n" + text.swiftBlock() + "\n\n" + text.table() }
        let record = Corpus.Item(path: "\(section.name)/\(slug).md", kind: kind, draft: draft)
        return (record, Self.frontMatter(lines) + "\n" + body, images)
    }

    /// 2020-01-01T00:00:00Z.
    private static let start = 1_577_836_800

    private static func frontMatter(_ lines: [String]) -> String {
        "---\n" + lines.joined(separator: "\n") + "\n---\n"
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func padded(_ number: Int, width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

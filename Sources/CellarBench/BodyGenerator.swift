/// Markdown text of realistic shape: sentences with inline emphasis, links and code; paragraphs,
/// lists, headings and fenced code blocks — a port of `gen_corpus.py`'s `sentence`/`body`.
struct BodyGenerator {
    var random: SplitMix64

    private typealias Words = CorpusVocabulary

    mutating func words(_ count: Int) -> [String] {
        (0..<count).map { _ in random.pick(Words.words) }
    }

    mutating func sentence(_ shortest: Int = 6, _ longest: Int = 16, inline: Bool = true) -> String {
        let count = random.int(in: shortest...longest)
        var words = words(count)
        if inline && count > 4 {
            let roll = random.unit()
            let index = random.below(count - 2)
            if roll < 0.10 {
                words[index] = "*" + words[index] + "*"
            } else if roll < 0.15 {
                words[index] = "**" + words[index] + "**"
            } else if roll < 0.23 {
                let end = min(count, index + random.int(in: 1...3))
                let linked = Array(words[index..<end])
                let url = "https://\(random.pick(Words.domains))/\(Self.slug(linked))"
                words.replaceSubrange(index..<end, with: ["[\(linked.joined(separator: " "))](\(url))"])
            } else if roll < 0.27 {
                words[index] = "`" + words[index] + "()`"
            }
        }
        let text = words.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst() + random.pick([".", ".", ".", ".", "?", "!"])
    }

    mutating func paragraph() -> String {
        (0..<random.int(in: 4...8)).map { _ in sentence() }.joined(separator: " ")
    }

    /// A body of about 2.5 KB on average; quotes open with a block quote.
    mutating func body(kind: String) -> String {
        var parts: [String] = []
        if kind == "quote" {
            parts.append("> " + (0..<random.int(in: 1...3)).map { _ in sentence(inline: false) }.joined(separator: " "))
        }
        let paragraphs = random.int(in: 2...8)
        let headingAt = random.unit() < 0.35 ? random.int(in: 1...paragraphs) : -1
        let listAt = random.unit() < 0.45 ? random.int(in: 0...paragraphs) : -1
        let codeAt = random.unit() < 0.20 ? random.int(in: 1...paragraphs) : -1
        for index in 0..<paragraphs {
            if index == headingAt {
                var heading = sentence(2, 6, inline: false)
                heading.removeLast()
                parts.append("## " + heading)
            }
            if index == listAt {
                let bullet = random.pick(["-", "*", "1."])
                parts.append((0..<random.int(in: 3...6)).map { _ in "\(bullet) \(sentence(4, 12))" }.joined(separator: "\n"))
            }
            if index == codeAt {
                let language = random.pick(["swift", "python", "go", "sh", ""])
                let lines = (0..<random.int(in: 4...14)).map { _ in random.pick(Words.codeLines) }
                parts.append("```\(language)\n\(lines.joined(separator: "\n"))\n```")
            }
            parts.append(paragraph())
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// `gen_corpus.py`'s `slugify`: lowercased words joined by hyphens.
    static func slug(_ words: some Sequence<String>) -> String {
        words.map { $0.lowercased() }.joined(separator: "-")
    }
}

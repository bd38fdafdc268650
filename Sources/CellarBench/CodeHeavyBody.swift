/// What the code-heavy corpus adds to every item (`--code-heavy`): a 30-line Swift block and a
/// 10-row table, so highlighting and tables are measured on every page, not one in five.
extension BodyGenerator {
    mutating func swiftBlock(lines count: Int = 30) -> String {
        let types = ["Review", "Release", "Article", "Section", "Page", "Cell", "Feed", "Tag"]
        var lines: [String] = []
        while lines.count < count - 1 {
            let type = random.pick(types), field = random.pick(CorpusVocabulary.words).lowercased()
            let number = random.int(in: 0...9_999)
            let block = [
                "/// \(sentence(4, 9, inline: false))",
                "@MainActor struct \(type)\(number): Sendable {",
                "    var \(field): Int = \(number)_000",
                "    let name = \"\(field) #\\(\(field) + 1)\"",
                "    func render(into html: inout String) throws {",
                "        guard \(field) > 0 else { throw CellError.empty(\"\(type)\") }",
                "        html += #\"<p class=\"\(field)\">\"# + name  // raw string",
                "    }",
                "}",
                "",
            ]
            lines += block.prefix(count - 1 - lines.count)
        }
        return "```swift\n" + lines.joined(separator: "\n") + "\n```"
    }

    mutating func table(rows: Int = 10) -> String {
        var text = "| Name | Kind | Count | Share |\n|:-----|:----:|------:|------:|\n"
        for _ in 0..<rows {
            let name = random.pick(CorpusVocabulary.words), kind = random.pick(CorpusVocabulary.kinds)
            text += "| *\(name)* | `\(kind)` | \(random.int(in: 1...9_999)) | \(random.int(in: 0...100)) % |\n"
        }
        return text
    }
}

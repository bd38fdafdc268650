import CellarDiagnostics
import CellarTOML
import CellarTestSupport
import Testing

/// Mangled TOML never crashes the parser (an exception crossing from C++ would abort) and every
/// refusal points inside the text. The mutations are seeded, so a failure repeats.
@Suite struct TOMLRobustnessTests {
    private static let seed = """
        title = "Dune: Part Two"
        date = 2023-06-01T09:00:00+02:00
        tags = ["film", 'sci-fi']
        "quoted key".x = 1_000
        summary = \"\"\"
        multi \\
          line\"\"\"
        [params]
        cast = [{name = "A", role = 'B'}, {name = "C"}]
        rating = 9.5e0 # comment
        [[menu.main]]
        url = "/é/"

        """

    private static let pieces = ["[", "]", "{", "}", "=", ".", ",", "\"", "'", "\"\"\"", "'''", "\\", "\n", "#", " ",
                                 "[[", "]]", "a", "1", "-", ":", "T", "Z", "é", "\t", "+", "0x", "inf", "nan"]

    @Test func mangledTOMLIsParsedOrRefusedInsideTheText() {
        var random = SeededRandom(seed: 2024)
        let base = Array(Self.seed)
        for _ in 0..<3000 {
            var characters = base
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let position = Int.random(in: 0...characters.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: characters.insert(contentsOf: Self.pieces.randomElement(using: &random) ?? "", at: position)
                case 1: if position < characters.count { characters.remove(at: position) }
                default: if position < characters.count { characters[position] = Self.pieces.randomElement(using: &random)?.first ?? "x" }
                }
            }
            let text = String(characters)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            do {
                _ = try TOMLParser().parse(text, file: "a.md", firstLine: 2)
            } catch {
                let place = error.location
                #expect(place.map { $0.line >= 2 && $0.line <= lines + 1 && $0.column >= 1 } == true,
                        "\(error) for \(text.debugDescription)")
                #expect(error.message.contains("toml::") == false, "\(error.message)")
                #expect(error.message.contains("\n") == false, "\(error.message)")
            }
        }
    }
}

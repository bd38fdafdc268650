import CellarSearch
import Foundation
import Testing

/// The theme's search.js folds, splits and shards queries by the rules CellarSearch indexes with:
/// the same samples through both (search.js run under Node, when the machine has it).
@Suite struct ScriptParityTests {
    static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static let samples = [
        "Cà phê sữa đá ở Đà Nẵng", "Über Straße Øresund Łódź", "Running RUNNERS ran", "東京タワーへ行く", "我爱北京天安门",
        "Swiftで書く", "한국어 검색은 단어로", "a b cd", "don't stop—it's 2024!", "naïve café Ελληνικά Кириллица",
        String(repeating: "x", count: 41) + " ok", "ｶﾀｶﾅ 々", "e\u{301}tude", "ǅemal ﬁne",
    ]

    /// What Swift makes of each sample: [folded, [[piece, ideographic]], [[query terms]], shard of the first piece].
    private func swiftSide(_ sample: String) -> [String] {
        let folded = TextFolding.fold(sample)
        var pieces: [String] = []
        SearchTokenizer.split(folded) { piece, ideographic in pieces.append(piece + (ideographic ? "/i" : "/w")) }
        let groups = SearchTokenizer.queryTerms(sample).map { $0.joined(separator: "+") }
        let shard = pieces.first.map { String(SearchIndex.shard(of: String($0.dropLast(2)), count: 1024)) } ?? "-"
        return [folded, pieces.joined(separator: " "), groups.joined(separator: " "), shard]
    }

    @Test(.enabled(if: node != nil, "needs Node to run the theme's script"))
    func theThemesScriptFoldsSplitsAndShardsAsTheIndexDoes() throws {
        let script = """
            const s = require(\(String(decoding: try JSONSerialization.data(withJSONObject: [Self.repository + "/themes/default/assets/js/search.js"]), as: UTF8.self))[0]);
            const samples = JSON.parse(require('fs').readFileSync(0, 'utf8'));
            console.log(JSON.stringify(samples.map(sample => {
              const folded = s.fold(sample);
              const pieces = s.split(folded).map(p => p.text + (p.ideographic ? '/i' : '/w'));
              const groups = s.queryGroups(sample).map(g => g.terms.join('+'));
              const shard = pieces.length ? String(s.shardOf(pieces[0].slice(0, -2), 1024)) : '-';
              return [folded, pieces.join(' '), groups.join(' '), shard];
            })));
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.node))
        process.arguments = ["-e", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: Self.samples))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let scriptSide = try #require(try JSONSerialization.jsonObject(with: data) as? [[String]])
        for (index, sample) in Self.samples.enumerated() {
            #expect(scriptSide[index] == swiftSide(sample), "\(sample)")
        }
    }
}

import Foundation

/// Copies an existing content folder (`--corpus DIR`, e.g. made by `gen_corpus.py`) into a site,
/// naming the kind field as the target expects (`kind:` for Cellar, `type:` for Hugo).
/// The source folder is never edited.
enum CorpusImporter {
    static func copy(from source: String, to target: String, format: CorpusGenerator.Format) throws(BenchError) -> Corpus {
        let source = FileTree.absolute(source)
        guard FileTree.isDirectory(source) else { throw .usage("--corpus \(source) is not a folder") }
        guard let enumerator = FileManager.default.enumerator(atPath: source) else {
            throw .failure("cannot read the folder \(source)")
        }
        var files = FileTree(root: target)
        var items: [Corpus.Item] = []
        var bytes = 0
        var sawSiteIndex = false
        let paths = enumerator.compactMap { $0 as? String }.sorted()
        for path in paths where !FileTree.isDirectory(source + "/" + path) {
            guard let data = FileManager.default.contents(atPath: source + "/" + path) else {
                throw .failure("cannot read \(source)/\(path)")
            }
            guard path.hasSuffix(".md") else {
                try files.write([UInt8](data), to: path)
                continue
            }
            var (text, kind, draft) = rewrite(String(decoding: data, as: UTF8.self), format: format)
            if path == "_index.md" {
                sawSiteIndex = true
            } else if !path.hasSuffix("/_index.md") {
                items.append(Corpus.Item(path: path, kind: kind ?? "", draft: draft))
                bytes += text.utf8.count
            }
            if !text.hasSuffix("\n") { text += "\n" }
            try files.write(text, to: path)
        }
        if format == .cellar && !sawSiteIndex {
            try files.write("---\ntitle: \"Benchmark site\"\n---\n", to: "_index.md")
        }
        guard !items.isEmpty else { throw .usage("--corpus \(source) holds no Markdown items") }
        return Corpus(directory: target, items: items, markdownBytes: bytes)
    }

    /// Renames the top-level `kind:`/`type:` line of the front matter and reads the kind and draft flag.
    private static func rewrite(_ text: String, format: CorpusGenerator.Format) -> (String, kind: String?, draft: Bool) {
        guard text.hasPrefix("---\n") else { return (text, nil, false) }
        var lines = text.components(separatedBy: "\n")
        var kind: String?
        var draft = false
        for index in 1..<lines.count {
            let line = lines[index]
            if line == "---" { break }
            for field in ["kind: ", "type: "] where line.hasPrefix(field) {
                let value = String(line.dropFirst(field.count))
                kind = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
                lines[index] = format.kindField + ": " + value
            }
            if line.hasPrefix("draft: true") { draft = true }
        }
        return (lines.joined(separator: "\n"), kind, draft)
    }
}

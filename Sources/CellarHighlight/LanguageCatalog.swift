import CellarDiagnostics

/// The languages and the names that select them: Cellar's own table (its definitions and the
/// common names of Source-highlight's), completed by the system's `lang.map`.
struct LanguageCatalog: Sendable {
    /// Every language, sorted by name.
    let languages: [CodeLanguage]
    private let byName: [String: CodeLanguage]

    /// Names that ask for plain text.
    static let plainTextNames: Set<String> = ["text", "txt", "plain", "plaintext", "none", "nohighlight", "nohilite", "output"]

    /// The catalog from Cellar's table and the entries of a `lang.map` (`name = file.lang`) whose
    /// file exists in `availableFiles`.
    init(languageMap: String?, availableFiles: Set<String>) {
        var namesByDefinition: [String: (name: String, origin: CodeLanguage.Origin, aliases: Set<String>)] = [:]
        for entry in Self.table {
            namesByDefinition[entry.definition] = (entry.name, entry.origin, Set(entry.aliases))
        }
        var claimed = Set(Self.table.flatMap { [$0.name] + $0.aliases }).union(Self.plainTextNames)
        for (name, file) in Self.entries(ofLanguageMap: languageMap ?? "") where availableFiles.contains(file) {
            guard !claimed.contains(name) else { continue }
            claimed.insert(name)
            if namesByDefinition[file] != nil {
                namesByDefinition[file]!.aliases.insert(name)
            } else {
                let base = String(file.dropLast(".lang".count))
                namesByDefinition[file] = (base, .sourceHighlight, base == name ? [] : [name])
            }
        }
        languages = namesByDefinition.map { file, entry in
            CodeLanguage(name: entry.name, aliases: Array(entry.aliases.subtracting([entry.name])), definition: file, origin: entry.origin)
        }.sorted()
        var byName: [String: CodeLanguage] = [:]
        for language in languages {
            for name in language.names where byName[name] == nil { byName[name] = language }
        }
        self.byName = byName
    }

    /// What `name` (a fence's first word) selects: exact spelling first, then lower case.
    func lookUp(_ name: String) -> LanguageLookup {
        let trimmed = name.trimmingWhitespace
        if trimmed.isEmpty { return .plainText }
        let lowered = trimmed.lowercased()
        if let language = byName[trimmed] ?? byName[lowered] { return .known(language) }
        if Self.plainTextNames.contains(lowered) { return .plainText }
        let suggestion = Suggestion.closest(to: lowered, in: byName.keys.sorted())
            ?? Suggestion.closest(to: lowered, in: Self.plainTextNames.sorted())
        return .unknown(trimmed, suggestion: suggestion)
    }

    /// The `name = file` pairs of a `lang.map`, in file order (comments and blank lines skipped).
    static func entries(ofLanguageMap text: String) -> [(name: String, file: String)] {
        text.split(whereSeparator: \.isNewline).compactMap { line -> (name: String, file: String)? in
            let content: Substring = line.prefix { $0 != "#" }
            guard let equals = content.firstIndex(of: "=") else { return nil }
            let name = String(content[..<equals]).trimmingWhitespace
            let file = String(content[equals...].dropFirst()).trimmingWhitespace
            guard !name.isEmpty, file.hasSuffix(".lang"), !file.contains("/") else { return nil }
            return (name, file)
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        var scalars = Substring(self).unicodeScalars
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

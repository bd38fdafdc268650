import CellarDiagnostics

/// The words of a command line, consumed by a command as it parses its options.
package struct ArgumentList: Sendable {
    private var words: [String]

    package init(_ words: [String]) {
        self.words = words
    }

    /// Removes `--name` (a flag without value), or `-short` when it has one; true when it was there.
    package mutating func flag(_ name: String, short: Character? = nil) -> Bool {
        let spellings = ["--" + name] + (short.map { ["-" + String($0)] } ?? [])
        guard let index = words.firstIndex(where: spellings.contains) else { return false }
        words.remove(at: index)
        return true
    }

    /// Removes `--name VALUE` or `--name=VALUE` and returns the value.
    package mutating func option(_ name: String) throws(UsageError) -> String? {
        let long = "--" + name
        if let index = words.firstIndex(where: { $0.hasPrefix(long + "=") }) {
            let value = String(words[index].dropFirst(long.count + 1))
            words.remove(at: index)
            guard !value.isEmpty else { throw UsageError("\(long) needs a value") }
            return value
        }
        guard let index = words.firstIndex(of: long) else { return nil }
        guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
            throw UsageError("\(long) needs a value")
        }
        let value = words[index + 1]
        words.removeSubrange(index...index + 1)
        return value
    }

    /// Removes the declared `options` (flags, and options with their values) and returns what was
    /// given. A choice outside its words is a usage mistake.
    mutating func options(_ options: [CommandOption]) throws(UsageError) -> GivenOptions {
        var values: [String: String] = [:]
        var flags: Set<String> = []
        for option in options {
            guard option.value != .none else {
                if flag(option.name, short: option.short) { flags.insert(option.name) }
                continue
            }
            guard let value = try self.option(option.name) else { continue }
            if case .choice(let words) = option.value, !words.contains(value) {
                let listed = words.dropLast().joined(separator: ", ") + (words.count > 1 ? " or " : "") + (words.last ?? "")
                throw UsageError("\(option.long) must be \(listed), found '\(value)'")
            }
            values[option.name] = value
        }
        return GivenOptions(values: values, flags: flags)
    }

    /// Removes and returns the next word that is not an option.
    package mutating func positional() -> String? {
        guard let index = words.firstIndex(where: { !$0.hasPrefix("-") || $0 == "-" }) else { return nil }
        return words.remove(at: index)
    }

    /// Fails on anything left over, suggesting the closest known option.
    package func finish(known: [String]) throws(UsageError) {
        guard let word = words.first else { return }
        if word.hasPrefix("-") {
            let name = String(word.drop(while: { $0 == "-" }).prefix(while: { $0 != "=" }))
            let suggestion = Suggestion.closest(to: name, in: known).map { "; did you mean '--\($0)'?" } ?? ""
            throw UsageError("unknown option '\(word)'\(suggestion)")
        }
        throw UsageError("unexpected argument '\(word)'")
    }
}

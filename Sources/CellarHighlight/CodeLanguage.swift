/// A language the highlighter knows: the name shown in `data-lang`, the names a fence may use for
/// it, and the Source-highlight definition that draws it.
package struct CodeLanguage: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The canonical name (`swift`, `sh`, `javascript`), lower case.
    package var name: String
    /// Every other name that selects it in a fence (`bash`, `shell`, `console` for `sh`), sorted.
    package var aliases: [String]
    /// The definition file, in the data folder (`swift.lang`).
    package var definition: String
    /// Whether the definition is Cellar's own (embedded in the binary) or Source-highlight's
    /// (from the system data folder, so missing when that folder is).
    package var origin: Origin

    package enum Origin: String, Sendable, Hashable {
        case cellar, sourceHighlight
    }

    package init(name: String, aliases: [String], definition: String, origin: Origin) {
        self.name = name
        self.aliases = aliases.sorted()
        self.definition = definition
        self.origin = origin
    }

    /// The name and its aliases.
    package var names: [String] { [name] + aliases }

    package var description: String {
        aliases.isEmpty ? name : "\(name) (\(aliases.joined(separator: ", ")))"
    }

    package static func < (lhs: CodeLanguage, rhs: CodeLanguage) -> Bool { lhs.name < rhs.name }
}

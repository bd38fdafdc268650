/// A language the highlighter knows: the name shown in `data-lang`, the names a fence may use for
/// it, and the Source-highlight definition that draws it.
public struct CodeLanguage: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The canonical name (`swift`, `sh`, `javascript`), lower case.
    public var name: String
    /// Every other name that selects it in a fence (`bash`, `shell`, `console` for `sh`), sorted.
    public var aliases: [String]
    /// The definition file, in the data folder (`swift.lang`).
    public var definition: String
    /// Whether the definition is Cellar's own (embedded in the binary) or Source-highlight's
    /// (from the system data folder, so missing when that folder is).
    public var origin: Origin

    public enum Origin: String, Sendable, Hashable {
        case cellar, sourceHighlight
    }

    public init(name: String, aliases: [String], definition: String, origin: Origin) {
        self.name = name
        self.aliases = aliases.sorted()
        self.definition = definition
        self.origin = origin
    }

    /// The name and its aliases.
    public var names: [String] { [name] + aliases }

    public var description: String {
        aliases.isEmpty ? name : "\(name) (\(aliases.joined(separator: ", ")))"
    }

    public static func < (lhs: CodeLanguage, rhs: CodeLanguage) -> Bool { lhs.name < rhs.name }
}

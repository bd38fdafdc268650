/// What an option takes after its name: nothing (a flag) or a value of one kind. The kind gives
/// the placeholder in help and man page, and what the shell completions offer.
enum OptionValue: Sendable, Hashable {
    /// A flag: present or not.
    case none
    /// A folder (`DIR`); completed with folders.
    case folder
    /// A number (`N`).
    case number
    /// Free text, shown as `placeholder` (`URL`, `TEXT`, `HOST`); completed with `suggestions`.
    case text(placeholder: String, suggestions: [String] = [])
    /// One of these words, shown as `a|b`; anything else is a usage mistake.
    case choice([String])

    /// What stands for the value in help and man page.
    var placeholder: String? {
        switch self {
        case .none: nil
        case .folder: "DIR"
        case .number: "N"
        case .text(let placeholder, _): placeholder
        case .choice(let words): words.joined(separator: "|")
        }
    }

    /// The words a completion offers for the value (none for folders: those come from the shell).
    var suggestions: [String] {
        switch self {
        case .text(_, let suggestions): suggestions
        case .choice(let words): words
        case .none, .folder, .number: []
        }
    }
}

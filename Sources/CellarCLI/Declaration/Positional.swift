/// A word of a command line that is not an option: `hugo|jekyll`, `SRC`, `<kind>`.
struct Positional: Sendable, Hashable {
    /// What completes it in a shell.
    enum Completion: Sendable, Hashable {
        /// Nothing to offer (a name the user makes up).
        case none
        /// Folders.
        case folder
        /// One of these words.
        case words([String])
        /// The kinds of the site's theme, from `cellar kinds`.
        case kind
        /// The sections of the site (folders under `content/`), each followed by `/`.
        case section
        /// The commands of `cellar`.
        case command
    }

    /// As the usage line shows it: `SRC`, `hugo|jekyll`, `site`.
    var name: String
    /// A short description for the completion menus.
    var summary: String
    var completion: Completion
    /// A word typed as is, which picks one form of a command (`site` in `cellar new site DIR`).
    var isLiteral = false
    var isOptional = false

    static func literal(_ word: String, _ summary: String) -> Positional {
        Positional(name: word, summary: summary, completion: .words([word]), isLiteral: true)
    }
}

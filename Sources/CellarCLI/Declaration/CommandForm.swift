/// One way to call a command: its words in order and the options that go with them. Most
/// commands have one form; `new` has two (`new site DIR`, `new <kind> <section>/<slug>`).
struct CommandForm: Sendable, Hashable {
    var positionals: [Positional]
    /// The names of the command's options this form takes.
    var options: [String]
    /// What the man page and manual call this form when a command has several (`new site DIR`).
    var title: String?
    /// What this form does (``DocText`` markup), for a command with several forms.
    var description: String?

    init(_ positionals: [Positional] = [], options: [CommandOption], title: String? = nil, description: String? = nil) {
        self.positionals = positionals
        self.options = options.map(\.name)
        self.title = title
        self.description = description
    }

    /// The literal word that picks this form, if it has one.
    var selector: String? { positionals.first.flatMap { $0.isLiteral ? $0.name : nil } }
}

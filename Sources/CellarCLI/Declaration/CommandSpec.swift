/// A command of `cellar` as its users see it, declared once: name, summary, forms, options and
/// the text that explains it. The parser, `--help`, the man page, the shell completions and the
/// manual's command reference are all written from these.
struct CommandSpec: Sendable {
    var name: String
    /// One line: the command list of `cellar --help` and the completion menus.
    var summary: String
    var forms: [CommandForm]
    var options: [CommandOption]
    /// What the command does (``DocText`` markup), for `--help`, the man page and the manual.
    var description: String

    /// The option named `name`.
    func option(_ name: String) -> CommandOption? {
        options.first { $0.name == name }
    }

    /// The options of one form, in the command's order.
    func options(of form: CommandForm) -> [CommandOption] {
        options.filter { form.options.contains($0.name) }
    }

    /// `cellar build [--site DIR] …`, one line per form.
    var usageLines: [String] {
        forms.map { form in
            (["cellar", name] + form.positionals.map { $0.isOptional ? "[\($0.name)]" : $0.name }
                + options(of: form).map(\.usage)).joined(separator: " ")
        }
    }
}

extension CommandSpec {
    /// A command with one form — its positionals (if any), then every one of its options — as all
    /// but `new` are.
    init(name: String, summary: String, positionals: [Positional] = [], options: [CommandOption], description: String) {
        self.init(name: name, summary: summary, forms: [CommandForm(positionals, options: options)], options: options,
                  description: description)
    }
}

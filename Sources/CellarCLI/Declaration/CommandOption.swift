/// One option of a command, declared once: the parser reads it, and `--help`, the man page, the
/// shell completions and the manual's command reference are written from it.
struct CommandOption: Sendable, Hashable {
    /// The long name, without its dashes: `output` for `--output`.
    var name: String
    /// The one-letter spelling, if any: `q` for `-q`.
    var short: Character?
    var value: OptionValue
    /// The value when the option is not given (shown in help), for options that take one.
    var defaultValue: String?
    /// One line for `--help` and the completions.
    var summary: String
    /// The man page's and the manual's text (``DocText`` markup); the summary when nil.
    var details: String?

    init(_ name: String, short: Character? = nil, _ value: OptionValue = .none, default defaultValue: String? = nil,
         _ summary: String, details: String? = nil) {
        self.name = name
        self.short = short
        self.value = value
        self.defaultValue = defaultValue
        self.summary = summary
        self.details = details
    }

    /// A flag: present or not.
    init(_ name: String, short: Character? = nil, _ summary: String, details: String? = nil) {
        self.init(name, short: short, .none, summary, details: details)
    }

    /// `--output`.
    var long: String { "--" + name }

    /// `-q, --quiet` or `--output`.
    var spellings: String { (short.map { "-\($0), " } ?? "") + long }

    /// `--output DIR`, `-q, --quiet`, `--format text|json`.
    var signature: String { spellings + (value.placeholder.map { " " + $0 } ?? "") }

    /// How the usage line shows it: `[--output DIR]`, `[-q|--quiet]`.
    var usage: String { "[" + (short.map { "-\($0)|" } ?? "") + long + (value.placeholder.map { " " + $0 } ?? "") + "]" }

    /// The longer text, or the summary.
    var text: String { details ?? summary + "." }
}

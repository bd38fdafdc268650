import CellarEngine
import CellarFiles

/// One `cellar` command: declared once (``spec``), parsed from it, then run.
protocol Command: Sendable {
    /// Its name, forms, options and text: the source of its parser, help, man page section,
    /// completions and manual entry.
    static var spec: CommandSpec { get }
    /// The command from the options the command line `given` for its ``spec``, and the words left
    /// in `arguments` (its positionals).
    init(_ given: GivenOptions, _ arguments: inout ArgumentList) throws(UsageError)
    /// The options a leftover word is compared with, to suggest one: all of the command's, by default.
    var suggestedOptions: [String] { get }
    func run(in environment: CommandEnvironment) async -> ExitStatus
}

extension Command {
    static var name: String { spec.name }
    static var summary: String { spec.summary }
    /// The usage line(s) and options, printed by `cellar help <command>`.
    static var help: String { HelpText.command(spec) }

    var suggestedOptions: [String] { Self.spec.options.map(\.name) }

    /// Reads the declared options, then the command's own words; anything left is a mistake.
    static func parse(_ arguments: inout ArgumentList) throws(UsageError) -> Self {
        let given = try arguments.options(spec.options)
        let command = try Self(given, &arguments)
        try arguments.finish(known: command.suggestedOptions)
        return command
    }
}

/// What a command may use: the terminal, the working folder, and the site it works on when no
/// `--site` says otherwise (with the Swift kinds the site registers, when it is a ``Site`` run from Swift).
struct CommandEnvironment: Sendable {
    var terminal: Terminal
    var workingDirectory: String
    /// The site folder when no `--site` names one: the working folder for `cellar`.
    var defaultSite: String? = nil
    /// The Swift kinds of the site (none for `cellar`).
    var kinds = KindRegistrations()

    /// A path from the command line, made absolute against the working folder.
    func absolute(_ path: String) -> String {
        Paths.absolute(path, base: workingDirectory)
    }

    /// The site folder: `--site`'s, else the default one.
    func siteDirectory(_ option: String?) -> String {
        option.map(absolute) ?? defaultSite ?? workingDirectory
    }

    /// Options for the site in `--site` (else the default site), with the site's Swift kinds.
    func options(site option: String?) -> BuildOptions {
        var options = BuildOptions(siteDirectory: siteDirectory(option))
        options.kinds = kinds
        return options
    }
}

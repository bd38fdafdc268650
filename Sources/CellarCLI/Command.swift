import CellarEngine

/// One `cellar` command: parses its options, then runs.
protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    /// The usage line(s) and options, printed by `cellar help <command>`.
    static var help: String { get }
    init(parsing arguments: inout ArgumentList) throws(UsageError)
    func run(in environment: CommandEnvironment) async -> ExitStatus
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

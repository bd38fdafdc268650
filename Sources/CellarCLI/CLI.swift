import CellarDiagnostics
import CellarEngine
import CellarFiles
import Foundation

/// The `cellar` command line: finds the command, parses its options, runs it and maps every
/// outcome to an exit status. `main.swift` only calls ``run()``.
package struct CLI: Sendable {
    var arguments: [String]
    var terminal: Terminal
    var workingDirectory: String
    /// The site when no `--site` names one, with its Swift kinds: set by ``CellarEngine/Site/runCommandLine(_:)``.
    var site: Site?

    static let commands: [any Command.Type] = [
        BuildCommand.self, ServeCommand.self, NewCommand.self, CheckCommand.self, KindsCommand.self, ImportCommand.self,
        CompletionsCommand.self,
    ]

    package init(arguments: [String], terminal: Terminal = .standard(),
                workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.arguments = arguments
        self.terminal = terminal
        self.workingDirectory = workingDirectory
    }

    package func run() async -> ExitStatus {
        SystemCalls.tuneAllocatorForLargeBuilds()   // this is the program: its allocator is its own
        // A Swift site's program builds when run without arguments, as `swift run` does.
        var words = arguments.isEmpty && site != nil ? ["build"] : arguments
        guard let first = words.first else {
            terminal.err(Self.usage)
            return .usage
        }
        switch first {
        case "--help", "-h":
            terminal.out(Self.usage)
            return .success
        case "--version", "-V", "version":
            terminal.out(VersionInfo.current.text)
            return .success
        case "help":
            return help(Array(words.dropFirst()))
        default:
            break
        }
        words.removeFirst()
        guard let command = Self.commands.first(where: { $0.name == first }) else {
            let names = Self.commands.map { $0.name }
            let hint = Suggestion.closest(to: first, in: names).map { " Did you mean '\($0)'?" } ?? ""
            terminal.err("cellar: unknown command '\(first)'.\(hint)\n\n" + Self.usage)
            return .usage
        }
        if words.contains("--help") || words.contains("-h") {
            terminal.out(command.help)
            return .success
        }
        var list = ArgumentList(words)
        do throws(UsageError) {
            let parsed = try command.parse(&list)
            return await parsed.run(in: CommandEnvironment(terminal: terminal, workingDirectory: workingDirectory,
                                                           defaultSite: site?.directory, kinds: site?.kinds ?? KindRegistrations()))
        } catch {
            terminal.err("cellar \(command.name): \(error.message)\n\n" + command.help)
            return .usage
        }
    }

    /// `cellar help`, `cellar help <command>`, `cellar help --man`, `cellar help --markdown`.
    private func help(_ words: [String]) -> ExitStatus {
        switch words.first {
        case nil:
            terminal.out(Self.usage)
        case CellarCommandLine.manPage.long?:
            terminal.out(ManPage(commands: CellarCommandLine.commands).text)
        case CellarCommandLine.markdown.long?:
            terminal.out(CommandReference(commands: CellarCommandLine.commands).markdown)
        case let name?:
            guard let spec = CellarCommandLine.commands.first(where: { $0.name == name }) else {
                terminal.err("cellar help: no command named '\(name)'\n\n" + Self.usage)
                return .usage
            }
            terminal.out(HelpText.command(spec))
        }
        return .success
    }

    static var usage: String {
        HelpText.usage(commands.map { $0.spec }, globalOptions: CellarCommandLine.globalOptions)
    }
}

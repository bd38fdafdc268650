/// `cellar completions bash|zsh`: the shell completion script, written from the declarations.
struct CompletionsCommand: Command {
    enum Shell: String, Sendable, CaseIterable { case bash, zsh }

    var shell: Shell

    init(_ given: GivenOptions, _ arguments: inout ArgumentList) throws(UsageError) {
        guard let written = arguments.positional() else { throw UsageError("say which shell: bash or zsh") }
        guard let shell = Shell(rawValue: written) else {
            throw UsageError("cellar writes completions for bash or zsh, not '\(written)'")
        }
        self.shell = shell
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let commands = CellarCommandLine.commands
        switch shell {
        case .bash: environment.terminal.out(BashCompletion(commands: commands).script)
        case .zsh: environment.terminal.out(ZshCompletion(commands: commands, globalOptions: CellarCommandLine.globalOptions).script)
        }
        return .success
    }
}

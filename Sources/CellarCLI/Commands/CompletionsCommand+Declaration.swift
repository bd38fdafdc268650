extension CompletionsCommand {
    static let spec = CommandSpec(
        name: "completions",
        summary: "Print the bash or zsh completion script.",
        positionals: [Positional(name: Shell.allCases.map(\.rawValue).joined(separator: "|"), summary: "shell",
                                 completion: .words(Shell.allCases.map(\.rawValue)))],
        options: [],
        description: """
            Prints the completion script for bash or zsh, written from the same declarations as this help: commands, \
            options with their values, and for `cellar new` the kinds of the site's theme and its sections. \
            `make install` and the packages install it; to load it by hand, run \
            `source <(cellar completions bash)` in bash, or `cellar completions zsh > ~/.zfunc/_cellar` with \
            *~/.zfunc* in zsh's `fpath`.
            """)
}

import CellarEngine

/// What `cellar --help` and `cellar help <command>` print, written from the declarations.
enum HelpText {
    /// The width help text is wrapped to.
    static let width = 100

    /// `cellar --help`: the commands with their summaries and the options `cellar` takes alone.
    static func usage(_ commands: [CommandSpec], globalOptions: [CommandOption]) -> String {
        let nameWidth = commands.map(\.name.count).max() ?? 8
        let lines = commands.map { "  " + $0.name.padding(toLength: nameWidth + 2, withPad: " ", startingAt: 0) + $0.summary }
        return """
            Cellar \(CellarVersion.current) — a static site generator for list screens.

            Usage: cellar <command> [options]

            Commands:
            \(lines.joined(separator: "\n"))

            Options:
            \(optionLines(globalOptions))

            Run 'cellar help <command>' for a command's options.
            """
    }

    /// `cellar help build`: the usage lines, what the command does, its options.
    static func command(_ spec: CommandSpec) -> String {
        let usage = spec.usageLines.enumerated().map { ($0.offset == 0 ? "Usage: " : "       ") + $0.element }
        var parts = [usage.joined(separator: "\n"), DocText(spec.description).plain(width: width)]
        if spec.forms.count > 1 {
            parts += spec.forms.compactMap { form in
                guard let title = form.title, let description = form.description else { return nil }
                return DocText("`\(title)`: " + description).plain(width: width)
            }
        }
        if !spec.options.isEmpty {
            parts.append("Options:\n" + optionLines(spec.options))
        }
        return parts.joined(separator: "\n\n")
    }

    /// `  --output DIR      Write the site to …`, the summaries aligned and wrapped.
    static func optionLines(_ options: [CommandOption]) -> String {
        let column = max(18, (options.map { $0.signature.count }.max() ?? 0) + 4)
        return options.map { option in
            let start = "  " + option.signature.padding(toLength: column - 2, withPad: " ", startingAt: 0)
            return DocText.wrap(option.summary, width: width, indent: String(repeating: " ", count: column), firstIndent: start)
        }.joined(separator: "\n")
    }
}

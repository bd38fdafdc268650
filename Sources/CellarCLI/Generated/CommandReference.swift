/// The manual's command reference (`docs/content/reference/commands.md`), written from the
/// declarations by `cellar help --markdown`: each command's usage, what it does and a table of
/// its options; then the exit statuses and the environment.
struct CommandReference {
    var commands: [CommandSpec]

    var markdown: String {
        var parts = [
            "---\ntitle: Commands\nsummary: Every command and option of cellar, written from the declarations its parser, help, man page and completions are made from.\nweight: 10\n---",
            DocText(CellarCommandLine.description).markdown,
            "`cellar` itself takes these options:",
        ] + table(CellarCommandLine.globalOptions)
        for command in commands {
            parts.append("## cellar \(command.name)")
            parts.append("```\n" + command.usageLines.joined(separator: "\n") + "\n```")
            parts.append(DocText(command.description).markdown)
            if command.forms.count > 1 {
                for form in command.forms {
                    guard let title = form.title, let description = form.description else { continue }
                    parts.append("### cellar \(DocText.markdownEscape(title))")
                    parts.append(DocText(description).markdown)
                    parts.append(contentsOf: table(command.options(of: form)))
                }
            } else {
                parts.append(contentsOf: table(command.options))
            }
        }
        parts.append("## Exit status")
        parts.append(definitions(CellarCommandLine.exitStatuses, heading: "Status"))
        parts.append("## Environment")
        parts.append(definitions(CellarCommandLine.environment, heading: "Variable"))
        return parts.joined(separator: "\n\n")
    }

    /// A table of options: spelling, value, default, what it does. Nothing for no options.
    private func table(_ options: [CommandOption]) -> [String] {
        guard !options.isEmpty else { return [] }
        let rows = options.map { option in
            let value = option.value.placeholder.map { "`\($0)`" } ?? "—"
            let defaultValue = option.defaultValue.map { "`\($0)`" } ?? ""
            let text = DocText(option.text).blocks.map { block -> String in
                switch block {
                case .paragraph(let text): DocText.markdownInline(text)
                case .example(let lines): lines.map { "`\($0)`" }.joined(separator: " ")
                }
            }.joined(separator: " ")
            return "| `\(option.spellings)` | \(value) | \(defaultValue) | \(text) |"
        }
        return [(["| Option | Value | Default | What it does |", "| --- | --- | --- | --- |"] + rows)
            .map { $0.escapingPipesInCells() }.joined(separator: "\n")]
    }

    private func definitions(_ entries: [(term: String, text: String)], heading: String) -> String {
        (["| \(heading) | Meaning |", "| --- | --- |"] + entries.map { "| `\($0.term)` | \(DocText.markdownInline($0.text)) |" })
            .joined(separator: "\n")
    }
}

private extension String {
    /// A table row with the `|` inside its cells (`text|json`) escaped, the cell borders kept.
    func escapingPipesInCells() -> String {
        guard hasPrefix("| "), hasSuffix(" |") else { return self }
        let cells = dropFirst(2).dropLast(2).components(separatedBy: " | ")
        return "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }
}

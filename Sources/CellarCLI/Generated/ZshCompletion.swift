/// The zsh completion script (`cellar completions zsh`), written from the declarations: commands,
/// each command's options with their values, and for `cellar new` the kinds of the site's theme
/// (from `cellar kinds`) and its sections.
struct ZshCompletion {
    var commands: [CommandSpec]
    var globalOptions: [CommandOption]

    var script: String {
        """
        #compdef cellar
        # zsh completion for cellar, written by `cellar completions zsh` from the commands' declarations
        # (installed as share/zsh/site-functions/_cellar; the Debian package puts it in
        # /usr/share/zsh/vendor-completions).

        _cellar_kinds() {
          local -a kinds site
          local i
          for (( i = 1; i < $#words; i++ )); do
            case $words[i] in
              --site) site=(--site ${words[i+1]}) ;;
              --site=*) site=(--site ${words[i]#--site=}) ;;
            esac
          done
          kinds=(${(f)"$(NO_COLOR=1 command cellar kinds $site 2>/dev/null | sed -n 's/^\\([^ ]*\\) — [^:]*: \\(.*\\)$/\\1:\\2/p')"})
          kinds=(\(kindSelectors)$kinds)
          _describe -t kinds 'kind (or site)' kinds
        }

        _cellar_sections() {
          local content=content i
          for (( i = 1; i < $#words; i++ )); do
            [[ $words[i] == --site ]] && content=${words[i+1]}/content
          done
          _files -W $content -/ -S /
        }

        _cellar() {
          local curcontext=$curcontext state line
          local -a commands
          commands=(
        \(commands.map { "    " + Self.quote($0.name + ":" + Self.lowercased(Self.dropPeriod($0.summary))) }.joined(separator: "\n"))
          )

          _arguments -C \\
        \(globalOptions.map { "    " + Self.spec($0, exclusive: true) + " \\" }.joined(separator: "\n"))
            '1: :->command' \\
            '*:: :->argument' && return

          case $state in
            command)
              _describe -t commands 'cellar command' commands ;;
            argument)
              curcontext=${curcontext%:*:*}:cellar-$words[1]:
              case $words[1] in
        \(commands.map(commandCase).joined(separator: "\n"))
              esac ;;
          esac
        }

        _cellar "$@"
        """
    }

    /// `'site:a new site in a new folder' ` for the words that pick another form of `new`.
    private var kindSelectors: String {
        commands.flatMap { command in
            command.forms.compactMap { form in form.positionals.first.flatMap { $0.isLiteral ? $0 : nil } }
        }.map { Self.quote($0.name + ":" + $0.summary) + " " }.joined()
    }

    private func commandCase(_ command: CommandSpec) -> String {
        let literalForms = command.forms.filter { $0.selector != nil }
        let otherForms = command.forms.filter { $0.selector == nil }
        let indent = "        "
        guard !literalForms.isEmpty else {
            return indent + "\(command.name))\n" + arguments(command, otherForms.first, indent: indent + "  ") + " ;;"
        }
        var lines = [indent + "\(command.name))"]
        for (index, form) in literalForms.enumerated() {
            lines.append(indent + "  " + (index == 0 ? "if" : "elif") + " [[ $words[2] == \(form.selector ?? "") ]]; then")
            lines.append(arguments(command, form, indent: indent + "    "))
        }
        if let other = otherForms.first {
            lines += [indent + "  else", arguments(command, other, indent: indent + "    ")]
        }
        lines.append(indent + "  fi ;;")
        return lines.joined(separator: "\n")
    }

    /// `_arguments` with the form's words and options.
    private func arguments(_ command: CommandSpec, _ form: CommandForm?, indent: String) -> String {
        guard let form else { return indent + "_arguments" }
        let words = form.positionals.enumerated().map { index, positional in
            Self.quote("\(index + 1)\(positional.isOptional ? ":" : ""):\(Self.escape(positional.summary)):" + Self.action(positional))
        }
        let specs = words + command.options(of: form).map { Self.spec($0, exclusive: false) }
        return indent + "_arguments" + specs.map { " \\\n" + indent + "  " + $0 }.joined()
    }

    /// `'--output=[write the site …]:dir:_directories'`, `'(-q --quiet)'{-q,--quiet}'[print only problems]'`.
    static func spec(_ option: CommandOption, exclusive: Bool) -> String {
        let equals = option.value == .none ? "" : "="
        let help = "[" + escape(lowercased(option.summary)) + "]"
        let value = option.value.placeholder.map { ":" + escape($0.lowercased()) + ":" + action(option.value) } ?? ""
        guard let short = option.short else {
            return quote((exclusive ? "(- *)" : "") + option.long + equals + help + value)
        }
        let group = exclusive ? "(- *)" : "(-\(short) \(option.long))"
        return quote(group) + "{-\(short),\(option.long)\(equals)}" + quote(help + value)
    }

    static func action(_ value: OptionValue) -> String {
        if value == .folder { return "_directories" }
        let words = value.suggestions
        return words.isEmpty ? "" : "(" + words.joined(separator: " ") + ")"
    }

    static func action(_ positional: Positional) -> String {
        switch positional.completion {
        case .none: ""
        case .folder: "_directories"
        case .words(let words): "(" + words.joined(separator: " ") + ")"
        case .kind: "_cellar_kinds"
        case .section: "_cellar_sections"
        case .command: "(" + CellarCommandLine.commands.map(\.name).joined(separator: " ") + ")"
        }
    }

    /// In single quotes, a quote closed, escaped and reopened.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'"'"'"#) + "'"
    }

    /// Colons and brackets in a description escaped for `_arguments`.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: ":", with: "\\:").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }

    /// `Print only problems` → `print only problems`; `URL …` stays.
    static func lowercased(_ text: String) -> String {
        guard let first = text.first, text.dropFirst().first?.isLowercase ?? true else { return text }
        return first.lowercased() + text.dropFirst()
    }

    static func dropPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}

/// The bash completion script (`cellar completions bash`), written from the declarations:
/// commands, each command's options, folders or words for the values and words that take them,
/// and for `cellar new` the kinds of the site's theme (read from `cellar kinds`) and its sections.
struct BashCompletion {
    var commands: [CommandSpec]

    var script: String {
        """
        # bash completion for cellar, written by `cellar completions bash` from the commands' declarations
        # (installed as share/bash-completion/completions/cellar). COMPREPLY=($(compgen …)) as
        # bash-completion does: mapfile is not in macOS's bash 3.2.
        # shellcheck disable=SC2207

        _cellar() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
            local commands="\(commands.map(\.name).joined(separator: " "))"
            local takes_value=" \(valueOptions.map(\.long).joined(separator: " ")) "
            COMPREPLY=()

            # The words before the cursor that are not options nor their values: the command, then its
            # arguments. --site's value is kept for `cellar kinds`.
            local words=() site=() i
            for ((i = 1; i < COMP_CWORD; i++)); do
                case ${COMP_WORDS[i]} in
                    --site=*) site=(--site "${COMP_WORDS[i]#--site=}") ;;
                    -*)
                        if [[ $takes_value == *" ${COMP_WORDS[i]} "* ]]; then
                            [[ ${COMP_WORDS[i]} == --site ]] && site=(--site "${COMP_WORDS[i + 1]}")
                            ((i++))
                        fi ;;
                    *) words+=("${COMP_WORDS[i]}") ;;
                esac
            done

            case $prev in
        \(valueCases)
            esac

            if ((${#words[@]} == 0)); then
                COMPREPLY=($(compgen -W "$commands \(CellarCommandLine.globalOptions.map(\.long).joined(separator: " "))" -- "$cur"))
                return
            fi

            local options=""
            case ${words[0]} in
        \(commands.map(commandCase).joined(separator: "\n"))
                *) return ;;
            esac
            if [[ $cur == -* || -z $cur ]]; then
                COMPREPLY=($(compgen -W "$options" -- "$cur"))
            fi
        }

        complete -F _cellar cellar
        """
    }

    /// Every option that takes a value, each name once.
    private var valueOptions: [CommandOption] {
        var seen: Set<String> = []
        return commands.flatMap(\.options).filter { $0.value != .none && seen.insert($0.name).inserted }
    }

    /// `--site | --output) COMPREPLY=(folders); return ;;` and the like, grouped by what they offer.
    private var valueCases: String {
        var groups: [(offer: String, names: [String])] = []
        for option in valueOptions {
            let offer = switch option.value {
            case .folder: #"COMPREPLY=($(compgen -d -- "$cur"))"#
            case .none, .number, .text, .choice:
                option.value.suggestions.isEmpty ? ""
                    : #"COMPREPLY=($(compgen -W ""# + option.value.suggestions.joined(separator: " ") + #"" -- "$cur"))"#
            }
            if let index = groups.firstIndex(where: { $0.offer == offer }) {
                groups[index].names.append(option.long)
            } else {
                groups.append((offer, [option.long]))
            }
        }
        return groups.map { group in
            "        " + group.names.joined(separator: " | ") + ")\n"
                + (group.offer.isEmpty ? "" : "            " + group.offer + "\n") + "            return ;;"
        }.joined(separator: "\n")
    }

    /// `build) options="…" ;;`, with the words of each form; a form picked by a literal word first.
    private func commandCase(_ command: CommandSpec) -> String {
        let literalForms = command.forms.filter { $0.selector != nil }
        let otherForms = command.forms.filter { $0.selector == nil }
        var branches: [(condition: String?, form: CommandForm)] = literalForms.map { ("[[ ${words[1]} == \($0.selector ?? "") ]]", $0) }
        if let other = otherForms.first { branches.append((nil, other)) }
        let body: [String]
        if branches.count == 1, let only = branches.first {
            body = formBody(command, only.form, indent: "            ")
        } else {
            body = branches.enumerated().flatMap { index, branch in
                let keyword = index == 0 ? "if \(branch.condition ?? "true"); then" : branch.condition.map { "elif \($0); then" } ?? "else"
                return ["            " + keyword] + formBody(command, branch.form, indent: "                ")
            } + ["            fi"]
        }
        return "        \(command.name))\n" + body.joined(separator: "\n") + " ;;"
    }

    /// The options of a form, then what completes each of its words.
    private func formBody(_ command: CommandSpec, _ form: CommandForm, indent: String) -> [String] {
        var lines = [indent + "options=\"" + command.options(of: form).map(Self.spellings).joined(separator: " ") + "\""]
        let positions: [String] = form.positionals.enumerated().compactMap { index, positional in
            guard let offer = offer(positional, at: index, in: command) else { return nil }
            return indent + "        \(index + 1)) " + offer + "; return ;;"
        }
        if !positions.isEmpty {
            lines += [indent + "if [[ $cur != -* ]]; then", indent + "    case ${#words[@]} in"] + positions
                + [indent + "    esac", indent + "fi"]
        }
        return lines
    }

    /// What completes a command's word at `index`; nil when nothing does.
    private func offer(_ positional: Positional, at index: Int, in command: CommandSpec) -> String? {
        // A word that picks another form is offered beside this one's (`site` beside the kinds).
        let selectors = command.forms.compactMap { $0.selector }.filter { _ in index == 0 && !positional.isLiteral }
        switch positional.completion {
        case .none: return nil
        case .folder: return #"COMPREPLY=($(compgen -d -- "$cur"))"#
        case .words(let words):
            return positional.isLiteral ? nil : #"COMPREPLY=($(compgen -W ""# + words.joined(separator: " ") + #"" -- "$cur"))"#
        case .command: return #"COMPREPLY=($(compgen -W "$commands" -- "$cur"))"#
        case .kind:
            return #"local kinds; kinds=$(NO_COLOR=1 command cellar kinds "${site[@]}" 2>/dev/null | sed -n 's/^\([^ ]*\) — .*/\1/p'); "#
                + #"COMPREPLY=($(compgen -W ""# + (selectors + ["$kinds"]).joined(separator: " ") + #"" -- "$cur"))"#
        case .section:
            // <section>/<slug>: the folders under content/; the slug is for you to type.
            return #"local content=content; if ((${#site[@]})); then content=${site[1]}/content; fi; "#
                + #"COMPREPLY=($(cd "$content" 2>/dev/null && compgen -d -S / -- "$cur")); compopt -o nospace 2>/dev/null"#
        }
    }

    /// `-q --quiet`, `--output`.
    private static func spellings(_ option: CommandOption) -> String {
        (option.short.map { "-\($0) " } ?? "") + option.long
    }
}

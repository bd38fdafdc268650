# bash completion for cellar (installed as share/bash-completion/completions/cellar).
# Completes commands, each command's options, folders for the options that take one, and for
# `cellar new` the kinds of the site's theme (read from `cellar kinds`) and its sections.
# COMPREPLY=($(compgen …)) as bash-completion does: mapfile is not in macOS's bash 3.2.
# shellcheck disable=SC2207

_cellar() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
    local commands="build serve new check kinds import help"
    local site_options="--site --drafts --future --base-url"
    local takes_value=" --site --output --json-schema --format --host --port --base-url --title "
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
        --site | --output | --json-schema)
            COMPREPLY=($(compgen -d -- "$cur"))
            return ;;
        --format)
            COMPREPLY=($(compgen -W "text json" -- "$cur"))
            return ;;
        --host)
            COMPREPLY=($(compgen -W "127.0.0.1 0.0.0.0" -- "$cur"))
            return ;;
        --port | --base-url | --title)
            return ;;
    esac

    if ((${#words[@]} == 0)); then
        COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur"))
        return
    fi

    local options=""
    case ${words[0]} in
        build) options="$site_options --output --clean --no-wait -q --quiet --timings" ;;
        serve) options="$site_options --host --port --timings" ;;
        check) options="$site_options --format" ;;
        kinds) options="--site --json-schema" ;;
        import)
            options="--replace --keep-fields --strict --verbose"
            if [[ $cur != -* ]]; then
                case ${#words[@]} in
                    1) COMPREPLY=($(compgen -W "hugo jekyll" -- "$cur")); return ;;
                    2 | 3) COMPREPLY=($(compgen -d -- "$cur")); return ;;
                esac
            fi ;;
        help)
            if ((${#words[@]} == 1)); then COMPREPLY=($(compgen -W "$commands" -- "$cur")); fi
            return ;;
        new)
            if [[ ${words[1]} == site ]]; then
                options="--no-ci"
                if [[ $cur != -* ]] && ((${#words[@]} == 2)); then
                    COMPREPLY=($(compgen -d -- "$cur"))
                    return
                fi
            else
                options="--title --site"
                if [[ $cur != -* ]] && ((${#words[@]} == 1)); then
                    # `site`, or a kind of the site's theme.
                    local kinds
                    kinds=$(NO_COLOR=1 command cellar kinds "${site[@]}" 2>/dev/null | sed -n 's/^\([^ ]*\) — .*/\1/p')
                    COMPREPLY=($(compgen -W "site $kinds" -- "$cur"))
                    return
                fi
                if [[ $cur != -* ]] && ((${#words[@]} == 2)); then
                    # <section>/<slug>: the folders under content/; the slug is for you to type.
                    local content=content
                    if ((${#site[@]})); then content=${site[1]}/content; fi
                    COMPREPLY=($(cd "$content" 2>/dev/null && compgen -d -S / -- "$cur"))
                    compopt -o nospace 2>/dev/null
                    return
                fi
            fi ;;
        *) return ;;
    esac
    if [[ $cur == -* || -z $cur ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
    fi
}

complete -F _cellar cellar

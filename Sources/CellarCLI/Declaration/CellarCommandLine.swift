/// `cellar` as a whole, declared once: its commands (each declares its own ``CommandSpec``), the
/// options it takes alone, and the man page's sections that belong to no command.
enum CellarCommandLine {
    static let helpOption = CommandOption("help", short: "h", "Show help (also: cellar help <command>)",
                                          details: "Show the list of commands; after a command, its usage and options.")
    static let versionOption = CommandOption(
        "version", short: "V", "Show the version, the commit it was built from and the C libraries",
        details: """
            Print the version, the commit `cellar` was built from (*commit unknown* for a build that was not stamped) \
            and the versions of the C libraries it runs with, for example:

                cellar 0.1.0 (commit 5db5469)
                cmark 0.30.2, libyaml 0.2.5, source-highlight 3.1.9, pcre2 10.42, toml11 3.7.1, libmicrohttpd 0.9.75
            """)
    static let globalOptions = [helpOption, versionOption]

    static let manPage = CommandOption("man", "Print this manual page (roff), as installed for man")
    static let markdown = CommandOption("markdown", "Print the command reference in Markdown, as in Cellar's manual")

    /// `cellar help`: handled by ``CLI`` itself, declared here for the help, the man page and the completions.
    static let help = CommandSpec(
        name: "help",
        summary: "Show help for a command.",
        positionals: [Positional(name: "COMMAND", summary: "command", completion: .command, isOptional: true)],
        options: [manPage, markdown],
        description: "Prints the list of commands, or a command's usage and options. `cellar COMMAND --help` does the same.")

    /// Every command as documented: the ones `cellar` runs, then `help`.
    static var commands: [CommandSpec] { CLI.commands.map { $0.spec } + [help] }

    static let description = """
        `cellar` turns a folder of Markdown files with typed front matter into a static web site. Each file under \
        *content/* is an item of a kind (article, link, photo, review, release, setting row, and any kind a theme \
        adds); the theme's schema for that kind types its front matter, and its cell template draws it. Cells are \
        gathered into sections, and sections into pages: a home page, paginated section pages grouped by year, month \
        or any field, item pages, tag pages, Atom, RSS and JSON feeds, a sitemap and a 404 page.

        Every value is checked against its kind's schema, and every problem is reported at *file:line:column*, all of \
        them in one pass, before anything is written.

        Options take their value as the next word or after an equals sign: `--site mysite` and `--site=mysite` are \
        the same. Relative paths are read from the current folder.
        """

    /// The exit statuses, for the man page and the manual.
    static let exitStatuses: [(term: String, text: String)] = [
        ("0", "Success; for `check`: no errors (warnings alone pass)."),
        ("1", "The build or check found an error, or a file could not be written."),
        ("2", "A usage mistake: an unknown command or option, or a missing value. The usage is printed."),
    ]

    /// The environment variables `cellar` reads.
    static let environment: [(term: String, text: String)] = [
        ("NO_COLOR", "When set and not empty, no colour in any output."),
        ("TERM", "`dumb` turns colour off. Colour and progress lines are used only when the output is a terminal."),
    ]

    /// The files of a site, for the man page.
    static let files: [(term: String, text: String)] = [
        ("content/_index.md", "Site settings (front matter) and the home page's introduction (body)."),
        ("content/SECTION/_index.md", "Section settings: title, default kind, sort, group_by, paginate, permalink."),
        ("content/SECTION/SLUG.md, content/SECTION/SLUG/index.md",
         "One item (the second with its files beside it). Other files under *content/* are copied to the same path in the output."),
        ("themes/THEME/kinds/KIND.yml", "The schema of a kind."),
        ("themes/THEME/cells/KIND.html, pages/, layouts/, partials/, assets/", "Mustache templates and files of the theme."),
        ("public/", "The output: generated, replaced atomically; never commit it. *public/.cellar-output* marks it as Cellar's."),
        (".cellar-cache/", "What lets a second build skip unchanged work; safe to delete."),
    ]

    static let examples = """
        Start a site, preview it, and build it for its real address:

            cellar new site mysite
            cd mysite
            cellar serve
            cellar new review posts/dune --title "Dune: Part Two"
            cellar check
            cellar build --base-url https://example.org/

        Move a Jekyll blog over, keeping its fields the default theme has no place for:

            cellar import jekyll ~/blog ~/blog-cellar --keep-fields
            cd ~/blog-cellar && cellar check && cellar build

        Publish the output anywhere, for instance:

            rsync -av --delete public/ user@example.org:/var/www/example.org/
        """

    static let seeAlso = """
        Cellar's manual, https://github.com/cellar-ssg/cellar, for site and section settings, kinds and their \
        schemas, and the values templates see.
        """
}

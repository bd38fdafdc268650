extension NewCommand {
    static let noCI = CommandOption("no-ci", "'new site': leave out .github/workflows/deploy.yml",
                                    details: "Leave out *.github/workflows/deploy.yml*.")
    static let title = CommandOption("title", .text(placeholder: "TEXT"), "The item's title (else a placeholder)",
                                     details: "The item's title; without it, the title is a placeholder too.")
    static let site = CommandOption("site", .folder, "The site folder; default: the current folder")

    static let spec = CommandSpec(
        name: "new",
        summary: "Create a site, or a content file with the fields of its kind.",
        forms: [
            CommandForm([.literal("site", "a new site in a new folder"),
                         Positional(name: "DIR", summary: "new site folder", completion: .folder)],
                        options: [Self.noCI], title: "new site DIR", description: """
                            Creates *DIR* with the site's settings (*content/_index.md*), a section (*content/posts/*, \
                            kind `article`) holding a first post, a *.gitignore*, the default theme in *themes/default/* \
                            (built into `cellar`, so this works offline) and *.github/workflows/deploy.yml*, a GitHub \
                            Actions workflow that installs Cellar's Debian package, builds the site and publishes it on \
                            GitHub Pages on every push to `main`. The site builds at once. A folder that is not empty is \
                            refused; dotfiles such as *.git* may be there, and an existing *.gitignore* or workflow is kept.
                            """),
            CommandForm([Positional(name: "<kind>", summary: "kind (or site)", completion: .kind),
                         Positional(name: "<section>/<slug>", summary: "section/slug", completion: .section)],
                        options: [Self.title, Self.site], title: "new <kind> <section>/<slug>", description: """
                            Writes *content/<section>/<slug>.md* and prints its path. Its front matter lists the kind's \
                            fields: required ones hold a placeholder in angle brackets, such as \
                            `rating: <integer from 0 to 10>`, which fails `cellar check` and `cellar build` until it is \
                            filled in; optional fields are listed as comments with their type and description. `date` is \
                            now, in the site's time zone. Unknown kinds, missing sections, invalid slugs and existing \
                            files are refused.
                            """),
        ],
        options: [Self.noCI, Self.title, Self.site],
        description: """
            `new site` starts a site that builds at once; `new <kind>` starts an item whose front matter lists every \
            field of its kind.
            """)
}

extension CheckCommand {
    static let formatOption = CommandOption(
        "format", .choice(Format.allCases.map(\.rawValue)), default: Format.text.rawValue,
        "text (default), or json: only a JSON array on stdout, one object per problem",
        details: "`text` (the default) prints each problem with its place. `json` prints only a JSON array on standard "
            + "output, one object per problem with the keys `file`, `line`, `column`, `severity`, `message` and `hint`; "
            + "a clean site gives `[]`.")

    static let requireLanguage = CommandOption(
        "require-language", .text(placeholder: "CODE"), "Fail on every item with no version in this language of the site",
        details: "On a multilingual site: report an error at every item of the default language that has no version in "
            + "the language *CODE* (*post.vi.md* beside *post.md*, or an item with the same `translation_key`).")

    static let spec = CommandSpec(
        name: "check",
        summary: "Find problems (links, anchors, images, alt text, tag typos) without writing.",
        options: SiteOptions.all + [formatOption, requireLanguage],
        description: """
            Runs everything a build checks and renders every page in memory, writing nothing (not *public/*, not the \
            cache), then checks the rendered site: links between pages and to anchors (*#id*) resolve, local images \
            exist, every image has alt text, and no two tags look like typos of each other (a warning). A link written \
            in Markdown is reported where it was written; a link from a template at the template line. Exits 1 when \
            there is an error, 0 otherwise (warnings alone pass).
            """)
}

extension KindsCommand {
    static let jsonSchema = CommandOption(
        "json-schema", .folder, "Write DIR/<kind>.schema.json (JSON Schema draft-07) for each kind, for editors",
        details: "Write *DIR/KIND.schema.json* (JSON Schema draft-07) for each kind, so that editors using the YAML "
            + "language server can complete and check front matter.")

    static let spec = CommandSpec(
        name: "kinds",
        summary: "List the theme's kinds and their fields, or write JSON Schemas for editors.",
        options: [SiteOptions.siteOption, jsonSchema],
        description: """
            Lists each kind of the site's theme with its fields: type (`?` marks an optional field), bounds, default \
            and description, then the fields every kind has.
            """)
}

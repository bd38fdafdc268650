/// The manual's reference of the values (docs/content/reference/template-values.md) each kind of template is given, written from
/// ``TemplateValues`` — the same description the template checker checks names against — so the
/// documentation cannot drift from the code (`TemplateValuesTests` compares the two).
enum ValuesReference {
    /// The lines around the generated part of that page.
    static let begin = "<!-- values reference: generated from Sources/CellarEngine/Templating/TemplateValues*.swift by ValuesReference; `swift test --filter TemplateValuesTests` fails when this differs, and rewrites it with CELLAR_RECORD_DOCS=1 -->"
    static let end = "<!-- end of the values reference -->"

    static var markdown: String {
        var lines: [String] = [
            "| template | is given |",
            "| --- | --- |",
            "| `cells/<kind>.html` | an [item](\(link(item))) of the kind: its values and its fields |",
            "| `pages/<kind>.html`, `layouts/item.html` | the [values of a page layout](\(link(layoutRoot))), with `item`, `previous` and `next` |",
            "| `layouts/home.html`, `list.html`, `taxonomy.html`, `404.html`, a section's `layout:` | the [values of a page layout](\(link(layoutRoot))) |",
            "| `shortcodes/<name>.html` | its [arguments](#values-of-a-shortcode) by name, `inner`, `site` and `t` |",
            "| `partials/*.html` | what the template that includes it has where it does |",
            "",
            "A name that none of these holds is an error of `cellar check` and `cellar build`, at the tag.",
        ]
        for object in documented {
            lines += ["", "## " + object.title, ""]
            if let prints = object.prints { lines += ["`{{…}}` prints \(prints).", ""] }
            lines += ["| name | type | |", "| --- | --- | --- |"]
            for member in object.members {
                lines.append("| `\(member.name)` | \(type(member.shape)) | \(member.about) |")
            }
            if object.title == item.title {
                lines.append("| *each field of its kind* | by its type, below | `{{rating}}`, `{{#cover}}…{{/cover}}` |")
                lines += ["", fieldTypes]
            }
        }
        lines += ["", "## Values of a shortcode", "", shortcodeValues, "", "## Theme text (`t`)", "", themeText]
        return lines.joined(separator: "\n")
    }

    // MARK: - Private

    private static let layoutRoot: ObjectShape = TemplateValues.layout(itemKinds: [], allKinds: []).object
        ?? ObjectShape(typeName: "", title: "", noun: "", members: [])

    private static var item: ObjectShape {
        var shape = TemplateValues.item(kinds: []).object ?? layoutRoot
        shape.members = TemplateValues.itemMembers
        return shape
    }

    /// Every object, each once, in the order a reader meets them.
    private static var documented: [ObjectShape] {
        [
            layoutRoot, item, TemplateValues.site, TemplateValues.page, TemplateValues.navEntry, TemplateValues.listSection,
            TemplateValues.pagination, TemplateValues.paginationPage, TemplateValues.pageLanguage, TemplateValues.alternate, TemplateValues.feed, TemplateValues.tagCount,
            TemplateValues.subsection, TemplateValues.tocEntry, TemplateValues.itemTag, TemplateValues.itemSection, TemplateValues.field,
            TemplateValues.fieldValue, TemplateValues.rating, TemplateValues.star, TemplateValues.date, TemplateValues.url,
            TemplateValues.image, TemplateValues.imageSource,
            TemplateValues.enumValue(["<value>"]),
        ]
    }

    private static let fieldTypes = """
        A kind's fields are given by their type: `string` and `path` as text (a file prints its \
        address); `image` as an [image](\(anchor("Values of an image field"))), which prints its address; `text` and `markdown` as HTML; `int` and `number` as numbers; `bool` \
        as true/false; `date` as a [date](\(anchor("Values of a date"))); `url` as a \
        [URL](\(anchor("Values of a URL field"))); `enum` as an [enum value](\(anchor("Values of an enum field"))); \
        a list as a list of its elements; an `object` as its fields by name.
        """

    private static let shortcodeValues = """
        Each argument its `shortcodes/<name>.yml` declares, by name and typed like a kind's field \
        (an argument left out is its default, or nothing); `inner`, the HTML of a paired shortcode's \
        content (`{{{inner}}}`); `site` (`title`, `url`, `base_url`, `base_path`, `language`); and `t` \
        (in the language of the item whose body calls it).
        """

    private static let themeText = """
        `{{t.name}}` prints the theme's text `name` (from `i18n/<language>.yml`) in the page's \
        language — inside an item (a cell, `{{#item}}`, `{{#previous}}`), in the item's; a shortcode's \
        in the language of the item whose body calls it. A `{placeholder}` in the text is filled with what that name is where the tag is: \
        `min_read: "{reading_time} min read"` says "5 min read" in a cell of an item that takes five \
        minutes. A text with plural forms (`one:`, `other:`…) takes the form its first number asks for \
        in that language.
        """

    private static func type(_ shape: ValueShape) -> String {
        switch shape {
        case .object(let object): "[\(object.typeName)](\(link(object)))"
        case .list(.object(let object)): "list of [\(object.pluralTypeName)](\(link(object)))"
        case .themeText: "[theme text](#theme-text-t)"
        default: shape.typeName
        }
    }

    private static func link(_ object: ObjectShape) -> String {
        object.title.hasPrefix("Values of '") ? "#" : anchor(object.title)
    }

    /// The anchor GitHub gives a heading.
    static func anchor(_ title: String) -> String {
        "#" + String(title.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }
}

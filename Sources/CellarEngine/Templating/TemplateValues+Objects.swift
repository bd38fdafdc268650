/// The objects templates meet inside items and pages.
extension TemplateValues {
    static let date = ObjectShape(
        typeName: "date", title: "Values of a date", noun: "a value of a date",
        prints: "RFC 3339, in the site's time zone: `2024-07-13T22:03:53+02:00`",
        members: [
            Member("iso", .text, "RFC 3339, as it prints"),
            Member("long", .text, "Long form in the language of its item (else of the page): `13 July 2024`, `2024年7月13日`"),
            Member("short", .text, "Short form in the language of its item (else of the page): `13 Jul 2024`"),
            Member("day", .text, "`2024-07-13`"),
            Member("year", .number, "`2024`"),
            Member("month", .number, "`7`"),
            Member("month_name", .text, "Month and year in the language of its item (else of the page): `July 2024`"),
            Member("rfc822", .text, "`Sat, 13 Jul 2024 22:03:53 +0200`"),
        ])

    static let url = ObjectShape(
        typeName: "URL", title: "Values of a URL field", noun: "a value of a URL", prints: "the URL",
        members: [
            Member("url", .text, "The URL, as it prints"),
            Member("host", .text, "Its host name without `www.`: `example.org`"),
        ])

    static let image = ObjectShape(
        typeName: "image", title: "Values of an image field", noun: "a value of an image",
        prints: "its address: for a processed photo, its JPEG variant about 960 pixels wide",
        members: [
            Member("url", .text, "Its address, as it prints"),
            Member("processed", .flag, "Whether Cellar made resized variants of it (not for remote or SVG images, nor with `images: {process: false}`)"),
            Member("picture", .html, "A whole `<picture>`: a `<source>` per format, `srcset`, `width`/`height` and the placeholder colour"),
            Member("sources", .list(.object(imageSource)), "Its AVIF and WebP variants, best first, for `<source>` elements of a theme's own"),
            Member("srcset", .text, "Its JPEG variants: `/photos/a/a-480.jpg 480w, /photos/a/a-960.jpg 960w`"),
            Member("width", .number, "Width in pixels, upright (its largest variant's)"),
            Member("height", .number, "Height in pixels, upright"),
            Member("colour", .text, "Its mean colour, `#7a8c9e`: the background shown while it loads (also `color`)"),
            Member("color", .text, "The same as `colour`"),
            Member("landscape", .flag, "Whether it is at least as wide as it is high"),
            Member("camera", .text, "From its EXIF: make and model, `Canon EOS R5`"),
            Member("lens", .text, "From its EXIF: the lens, `RF24-105mm F4 L IS USM`"),
            Member("exposure", .text, "From its EXIF: the exposure time, `1/250 s`"),
            Member("aperture", .text, "From its EXIF: the f-number, `f/2.8`"),
            Member("iso", .number, "From its EXIF: the ISO speed, `400`"),
            Member("focal_length", .number, "From its EXIF: the focal length in millimetres, `50`"),
        ])

    static let imageSource = ObjectShape(
        typeName: "image source", title: "Values of an image source", noun: "an image source",
        members: [
            Member("type", .text, "`image/avif` or `image/webp`"),
            Member("srcset", .text, "Its variants in that format, each with its width: `/photos/a/a-480.avif 480w, …`"),
        ])

    /// An `enum` field's value; `values` are the schema's (the reference shows `<value>`).
    static func enumValue(_ values: [String]) -> ObjectShape {
        var members = [
            Member("value", .text, "The value, as it prints"),
            Member("label", .text, "Its label from the schema (`values: {must-see: Must see}`), else the value"),
        ]
        for value in values {
            members.append(Member(value, .flag, "Whether the value is `\(value)`: `{{#verdict.must-see}}`"))
            members.append(Member("is_" + value, .flag, "The same, spelt `is_\(value)`"))
        }
        return ObjectShape(typeName: "enum value", title: "Values of an enum field", noun: "a value of this enum field",
                           prints: "the value", members: members)
    }

    static let tocEntry = ObjectShape(
        typeName: "heading", title: "Values of a heading (`item.toc`)", noun: "a value of a heading",
        members: [
            Member("title", .text, "The heading's text"),
            Member("id", .text, "Its `id`"),
            Member("url", .text, "`#id`"),
            Member("level", .number, "2 for `##`, 3 for `###`…"),
            Member("children", .list(.open), "The headings under it, each like this one"),
            Member("has_children", .flag, "Whether it has any"),
        ])

    static let itemTag = ObjectShape(
        typeName: "tag", title: "Values of an item's tag", noun: "a value of a tag",
        members: [
            Member("name", .text, "The tag as written"),
            Member("slug", .text, "The tag in its URL"),
            Member("url", .text, "Its page's address"),
        ])

    static let itemSection = ObjectShape(
        typeName: "section", title: "Values of an item's section", noun: "a value of a section",
        members: [
            Member("title", .text, "The section's title"),
            Member("url", .text, "Its page's address"),
        ])

    /// One field of `item.fields`: typed, for a layout that shows every field with no template of its own.
    static let field = ObjectShape(
        typeName: "field", title: "Values of a field (`item.fields`)", noun: "a value of a field",
        members: [
            Member("name", .text, "The field's name in the schema"),
            Member("label", .text, "Its `label:` in the schema, else its name in words: `source_url` → `Source url`"),
            Member("type", .text, "Its type's name, for styling: `string`, `int`, `date`, `image`, `enum`, `list`, `object`…"),
        ] + fieldValueMembers + [
            Member("is_list", .flag, "A list: `items` are its values"),
            Member("items", .list(.object(fieldValue)), "The values of a list"),
            Member("is_group", .flag, "A mapping (`type: object`): `fields` are its fields"),
            Member("fields", .list(.open), "The fields of a mapping, each like this one"),
        ])

    /// One value of a field, or of a list field.
    static let fieldValue = ObjectShape(
        typeName: "field value", title: "Values of a field's value (`items`)", noun: "a value of a field's value",
        members: fieldValueMembers)

    static let fieldValueMembers: [Member] = [
        Member("is_text", .flag, "Text, a number, an enum's label or yes/no (`t.yes`, `t.no`): `text`"),
        Member("text", .text, "The value as plain text"),
        Member("is_html", .flag, "Markdown (`text`, `markdown` fields): `html`"),
        Member("html", .html, "The value rendered"),
        Member("is_date", .flag, "A date: `date`"),
        Member("date", .object(date), "The date"),
        Member("is_link", .flag, "A URL: `link`"),
        Member("link", .object(url), "The URL"),
        Member("is_image", .flag, "An image: `src` and `alt`"),
        Member("src", .text, "The image's address"),
        Member("alt", .text, "Its alt text: the field the schema names with `alt:` (or `<field>_alt`), else the label and the item's title"),
        Member("is_file", .flag, "A file (`path` field): `href`"),
        Member("href", .text, "The file's address"),
        Member("is_rating", .flag,
               "A score on a short scale — an `int` with `min` 0 or 1 and `max` from 3 to 10 (`rating: {type: int, min: 1, max: 5}`): `rating` (and `text`)"),
        Member("rating", .object(rating), "The score, with a star for each point of the scale"),
    ]

    static let rating = ObjectShape(
        typeName: "rating", title: "Values of a rating", noun: "a value of a rating", prints: "the score",
        members: [
            Member("value", .number, "The score"),
            Member("max", .number, "The top of the scale (the schema's `max`)"),
            Member("stars", .list(.object(star)), "One entry for each point of the scale, `filled` up to the score"),
        ])

    static let star = ObjectShape(
        typeName: "star", title: "Values of a rating's star", noun: "a value of a star",
        members: [Member("filled", .flag, "Whether the score reaches this star")])
}

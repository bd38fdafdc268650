/// The values each kind of template is given, described once (see ``ValueShape``). The contexts
/// that give them — ``ItemContext``, ``PageRenderer``, ``FieldListContext``… — answer exactly these
/// names; `TemplateValuesTests` holds the two in step.
package enum TemplateValues {
    typealias Member = ObjectShape.Member

    // MARK: - Roots

    /// A cell (`cells/<kind>.html`): the item, of `kind`.
    static func cell(_ kind: KindDefinition) -> ValueShape {
        item(kinds: [kind])
    }

    /// A page layout; on item pages (`itemKinds` not nil) also `item`, `previous` and `next`.
    static func layout(itemKinds: [KindDefinition]?, allKinds: [KindDefinition]) -> ValueShape {
        var members = layoutMembers
        if let itemKinds {
            members += [
                Member("item", item(kinds: itemKinds), "The page's item"),
                Member("previous", item(kinds: allKinds), "The item before it in its section's order"),
                Member("next", item(kinds: allKinds), "The item after it in its section's order"),
            ]
        }
        return .object(ObjectShape(typeName: "page layout", title: "Values of a page layout",
                                   noun: itemKinds == nil ? "a value of list page layouts" : "a value of item page layouts",
                                   members: members))
    }

    static let layoutMembers: [Member] = [
        Member("site", .object(site), "The site's settings"),
        Member("page", .object(page), "The page being drawn"),
        Member("nav", .list(.object(navEntry)), "The navigation: the `menu:` of the site settings, else the top-level sections"),
        Member("t", .themeText, "The theme's text in the page's language: `{{t.previous}}`"),
    ]

    /// A shortcode's template: its arguments, `inner`, a few values of the site, and `t`.
    static func shortcode(_ shortcode: Shortcode) -> ValueShape {
        var members = shortcode.arguments.fields.map { Member($0.name, field($0), $0.description ?? "An argument") }
        members += [
            Member("inner", .html, "The content between `{{< \(shortcode.name) >}}` and `{{< /\(shortcode.name) >}}`, rendered"),
            Member("site", .object(shortcodeSite), "A few values of the site"),
            Member("t", .themeText, "The theme's text"),
        ]
        return .object(ObjectShape(typeName: "shortcode", title: "Values of a shortcode",
                                   noun: "an argument of shortcode '\(shortcode.name)'", members: members,
                                   hint: "its arguments: " + (shortcode.arguments.names.isEmpty ? "none"
                                       : shortcode.arguments.names.joined(separator: ", ")) + "; and inner, site, t"))
    }

    static let shortcodeSite = ObjectShape(
        typeName: "site", title: "Values of the site (in shortcodes)", noun: "a value of 'site' in shortcodes",
        members: [
            Member("title", .text, "`title:` of the site settings"),
            Member("url", .text, "The home page's address"),
            Member("base_url", .text, "The home page's absolute address"),
            Member("base_path", .text, "The path the site lives under"),
            Member("language", .text, "`language:`"),
        ])

    // MARK: - Items

    /// An item of one of `kinds`: the values every item has, then the fields of its kind (of any
    /// of them, for a layout that draws several).
    static func item(kinds: [KindDefinition]) -> ValueShape {
        var members = itemMembers
        var seen = Set(members.map(\.name))
        var own: [String] = []
        for kind in kinds {
            for spec in kind.schema.fields where seen.insert(spec.name).inserted {
                members.append(Member(spec.name, field(spec), spec.description ?? "A field of kind '\(kind.name)'"))
            }
            for spec in kind.fields.fields where !own.contains(spec.name) { own.append(spec.name) }
        }
        let common = "title, url, date, summary, content, tags, reading_time, section, fields, t"
        let hint = own.isEmpty ? "every item has: \(common), …"
            : "its own fields: \(own.joined(separator: ", ")); every item also has: \(common), …"
        let names = kinds.map { "'\($0.name)'" }
        let noun = switch names.count {
        case 0: "a value of every item"
        case 1: "a field of kind \(names[0])"
        default: "a field of kind " + names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        }
        return .object(ObjectShape(typeName: "item", title: "Values of an item", noun: noun, members: members, hint: hint))
    }

    /// What every item offers besides its fields (a kind may not name a field after one of these).
    static let itemMembers: [Member] = [
        Member("title", .text, "Its title"),
        Member("url", .text, "Its page's address; nothing for kinds without pages"),
        Member("permalink", .text, "Its page's absolute address"),
        Member("anchor", .text, "The `id` of its cell on list pages: `item-reviews-dune`"),
        Member("kind", .text, "Its kind's name"),
        Member("date", .object(date), "Its date"),
        Member("updated", .object(date), "When it last changed"),
        Member("tags", .list(.object(itemTag)), "Its tags"),
        Member("has_tags", .flag, "Whether it has tags"),
        Member("summary", .text, "Plain text: `summary:` from its front matter, else its first paragraph"),
        Member("content", .html, "Its body, rendered"),
        Member("language", .text, "Its language (BCP 47): `language:` from its front matter, else its section's, else the site's"),
        Member("has_own_language", .flag,
               "Whether its language differs from the page's it is drawn on (a cell: the site's): `{{#has_own_language}} lang=\"{{language}}\"{{/has_own_language}}`"),
        Member("has_words", .flag, "Whether its body has any words"),
        Member("word_count", .number, "Words in its body outside code, each Chinese or Japanese character one"),
        Member("code_words", .number, "Words in its code spans and code blocks"),
        Member("reading_time", .number,
               "Minutes to read it, at least 1: words at 238 a minute, Chinese characters at 330, Japanese at 460, code at half weight"),
        Member("toc", .list(.object(tocEntry)), "Its headings as a table of contents"),
        Member("has_toc", .flag, "Whether it has enough headings (\(TableOfContents.minimumHeadings)) for a table of contents"),
        Member("has_page", .flag, "Whether its kind gives it a page"),
        Member("draft", .flag, "Whether it is a draft (shown only with `--drafts`)"),
        Member("weight", .number, "Its `weight:`"),
        Member("section", .object(itemSection), "The section it is in; nothing for a standalone page"),
        Member("fields", .list(.object(field)), "Every field of its kind that has a value, in schema order, ready to show"),
        Member("has_fields", .flag, "Whether `fields` has any"),
        Member("t", .themeText, "The theme's text in its language: `{{t.min_read}}`"),
    ]

    /// The names a kind's field may not take: values every item already has.
    package static var reservedFieldNames: Set<String> {
        Set(itemMembers.map(\.name)).subtracting(BuiltinSchemas.common.names)
    }

    /// How a field of a kind's schema looks to templates.
    static func field(_ spec: FieldSpec) -> ValueShape {
        value(of: spec.type, labels: spec.valueLabels, name: spec.name)
    }

    private static func value(of type: FieldType, labels: [String: String], name: String) -> ValueShape {
        switch type {
        case .string, .path: .text
        case .image: .object(image)
        case .text, .markdown: .html
        case .int, .number: .number
        case .bool: .flag
        case .date: .object(date)
        case .url: .object(url)
        case .enumeration(let values): .object(enumValue(values))
        case .list(let element): .list(value(of: element, labels: labels, name: name))
        case .object(let specs):
            .object(ObjectShape(typeName: "mapping", title: "Values of '\(name)'", noun: "a field of '\(name)'",
                                members: specs.map { Member($0.name, field($0), $0.description ?? "") }))
        }
    }
}

import CellarMarkdown
import CellarMustache

/// An item's headings as a nested list, for templates: `{{#item.toc}}…{{/item.toc}}` with each
/// entry's `title`, `id`, `url` (`#id`), `level` and its `children` (the headings under it).
enum TableOfContents {
    /// A body shows a table of contents from this many headings on (`has_toc`).
    static let minimumHeadings = 3

    static func value(of headings: [MarkdownHeading]) -> MustacheValue {
        var index = 0
        return .list(entries(headings, index: &index, deeperThan: 0))
    }

    /// The entries from `index` on whose level is deeper than `level`, each with the deeper ones after it as children.
    private static func entries(_ headings: [MarkdownHeading], index: inout Int, deeperThan level: Int) -> [MustacheValue] {
        var result: [MustacheValue] = []
        while index < headings.count, headings[index].level > level {
            let heading = headings[index]
            index += 1
            let children = entries(headings, index: &index, deeperThan: heading.level)
            result.append(.record([
                "title": .string(heading.text), "id": .string(heading.id), "url": .string("#" + heading.id),
                "level": .int(heading.level), "children": .list(children), "has_children": .bool(!children.isEmpty),
            ]))
        }
        return result
    }
}

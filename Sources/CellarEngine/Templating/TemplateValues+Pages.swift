/// What page layouts see of the site and the page.
extension TemplateValues {
    static let site = ObjectShape(
        typeName: "site", title: "Values of the site", noun: "a value of 'site'",
        members: [
            Member("title", .text, "`title:` of the site settings"),
            Member("description", .text, "`description:`"),
            Member("url", .text, "The home page's address"),
            Member("base_url", .text, "The home page's absolute address"),
            Member("base_path", .text, "The path the site lives under (`/`, `/blog/`): put it before asset paths"),
            Member("language", .text, "`language:`"),
            Member("author", .text, "`author:`"),
            Member("copyright", .html, "`copyright:`, rendered"),
            Member("generator", .text, "`Cellar` and its version"),
            Member("feeds", .list(.object(feed)), "The site's feeds"),
            Member("has_tags", .flag, "Whether any item has tags"),
            Member("tags_url", .text, "The tags page's address"),
            Member("search_index", .text, "The search index's folder (`/search/index/`; on a multilingual site the page's language's, `/vi/search/index/`) when the site has search (`search:`), else empty: the theme's script reads it"),
            Member("search_url", .text, "The search page's address (`/search/`; on a multilingual site the page's language's, `/vi/search/`) when the site has search and the theme a `layouts/search.html`"),
            Member("has_menu", .flag,
                   "Whether the settings have a `menu:`: then `nav` is exactly it (the default theme adds its Tags link only without one)"),
            Member("is_multilingual", .flag, "Whether the site has `languages:`: then `page.languages` and `page.alternates` are set"),
        ])

    static let page = ObjectShape(
        typeName: "page", title: "Values of a page", noun: "a value of 'page'",
        members: [
            Member("title", .text, "The page's title"),
            Member("full_title", .text, "`Title · Site` (the site's title alone on the home page)"),
            Member("description", .text, "Its description, else the site's"),
            Member("url", .text, "Its address"),
            Member("permalink", .text, "Its absolute address"),
            Member("language", .text, "Its language (`lang`): an item's page is in the item's, any other page in the site's"),
            Member("has_own_language", .flag,
                   "Whether it is in another language than the site's (then what the site says — its title, the menu — needs `lang=\"{{site.language}}\"`)"),
            Member("role", .text, "`home`, `section`, `item`, `page`, `tags`, `tag`, `404` or `search`"),
            Member("is_home", .flag, "The home page"),
            Member("is_section", .flag, "A section's list page"),
            Member("is_item", .flag, "An item's page"),
            Member("is_page", .flag, "A standalone page (`content/about.md`)"),
            Member("is_tags", .flag, "The tags page"),
            Member("is_tag", .flag, "A tag's page"),
            Member("is_404", .flag, "The page for addresses that lead nowhere"),
            Member("is_search", .flag, "The search page"),
            Member("noindex", .flag, "Search engines should not index it (the 404 page)"),
            Member("type", .text, "`article` on item pages, else `website` (Open Graph)"),
            Member("image", .text, "The absolute address of the item's first image, for link previews"),
            Member("intro", .html, "The body of the site's or section's `_index.md`, rendered (first page only)"),
            Member("sections", .list(.object(listSection)), "The list's cells, in titled groups"),
            Member("cell_count", .number, "How many cells the page lists"),
            Member("pagination", .object(pagination), "Where a list page is among its pages (when there are several)"),
            Member("has_neighbours", .flag, "Whether an item page has a previous or next item"),
            Member("feeds", .list(.object(feed)), "The feeds to announce with `<link rel=\"alternate\">`"),
            Member("tags", .list(.object(tagCount)), "The tags page's tags"),
            Member("has_subsections", .flag, "Whether a section page has subsections"),
            Member("subsections", .list(.object(subsection)), "A section page's subsections"),
            Member("languages", .list(.object(pageLanguage)),
                   "On a multilingual site, every language, each leading to this page in it, else to its home page: the language switcher"),
            Member("alternates", .list(.object(alternate)),
                   "On a multilingual site, this page in every language it is in, then `x-default`: `<link rel=\"alternate\" hreflang>`"),
        ])

    static let pageLanguage = ObjectShape(
        typeName: "page language", title: "Values of a language of the switcher (`page.languages`)",
        noun: "a value of a language of the switcher",
        members: [
            Member("code", .text, "Its code (`vi`): the `hreflang` and `lang` of the link"),
            Member("name", .text, "Its name, in itself (`Tiếng Việt`)"),
            Member("url", .text, "This page in that language, else that language's home page"),
            Member("current", .flag, "Whether it is this page's language"),
            Member("translated", .flag, "Whether `url` is this page in that language (not the language's home page)"),
        ])

    static let alternate = ObjectShape(
        typeName: "alternate", title: "Values of an alternate (`page.alternates`)", noun: "a value of an alternate",
        members: [
            Member("hreflang", .text, "A language code, or `x-default` for the default language's version"),
            Member("url", .text, "The page in that language, absolute"),
        ])

    static let navEntry = ObjectShape(
        typeName: "navigation entry", plural: "navigation entries", title: "Values of a navigation entry",
        noun: "a value of a navigation entry",
        members: [
            Member("title", .text, "Its label"),
            Member("url", .text, "Where it leads"),
            Member("current", .flag, "Whether the page is there (or in that section)"),
            Member("external", .flag, "Whether it leads off the site"),
        ])

    static let listSection = ObjectShape(
        typeName: "list section", title: "Values of a list section (`page.sections`)", noun: "a value of a list section",
        members: [
            Member("title", .text, "Its title: a year, a month, a group, or a section on the home and tag pages"),
            Member("anchor", .text, "Its title as an `id`"),
            Member("url", .text, "Where the section continues (home and tag pages)"),
            Member("count", .number, "How many cells it holds"),
            Member("cells", .html, "Its cells' HTML: `{{{cells}}}`"),
        ])

    static let pagination = ObjectShape(
        typeName: "pagination", plural: "paginations", title: "Values of pagination", noun: "a value of 'pagination'",
        members: [
            Member("current", .number, "This page's number, from 1"),
            Member("total", .number, "How many pages"),
            Member("previous_url", .text, "The page before"),
            Member("next_url", .text, "The page after"),
            Member("pages", .list(.object(paginationPage)),
                   "The first and last page and the two on either side of this one, with a `gap` entry where numbers are left out (a section of 1,000 pages lists 9 links, not 1,000)"),
        ])

    static let paginationPage = ObjectShape(
        typeName: "page link", title: "Values of a page link (`pagination.pages`)", noun: "a value of a page link",
        members: [
            Member("number", .number, "Its number, from 1"),
            Member("url", .text, "Its address"),
            Member("current", .flag, "Whether it is this page"),
            Member("gap", .flag, "An entry standing for left-out numbers (it has no `number` or `url`): `{{#gap}}…{{/gap}}`"),
        ])

    static let feed = ObjectShape(
        typeName: "feed", title: "Values of a feed", noun: "a value of a feed",
        members: [
            Member("title", .text, "`Site (Atom)`"),
            Member("url", .text, "Its address"),
            Member("type", .text, "Its media type: `application/atom+xml`…"),
        ])

    static let tagCount = ObjectShape(
        typeName: "tag", title: "Values of a tag (`page.tags`)", noun: "a value of a tag",
        members: [
            Member("name", .text, "The tag"),
            Member("url", .text, "Its page's address"),
            Member("count", .number, "How many items carry it"),
        ])

    static let subsection = ObjectShape(
        typeName: "subsection", title: "Values of a subsection", noun: "a value of a subsection",
        members: [
            Member("title", .text, "Its title"),
            Member("url", .text, "Its page's address"),
        ])
}

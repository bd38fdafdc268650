/// The few words Cellar itself puts in pages — titles it makes up — asked of the theme's texts
/// like any other, with English when the theme has none.
enum EngineText: String, CaseIterable {
    /// The tags page's title.
    case tagsTitle = "tags_title"
    /// The title of a page nothing lives at.
    case notFoundTitle = "not_found_title"
    /// The search page's title.
    case searchTitle = "search_title"
    /// A list's later pages: "{title} — page {number}".
    case numberedPageTitle = "numbered_page_title"
    /// The group of items that lack the value a section groups by.
    case otherGroup = "other_group"
    /// On a tag's page, the group of standalone pages.
    case pagesGroup = "pages_group"

    var english: String {
        switch self {
        case .tagsTitle: "Tags"
        case .notFoundTitle: "Page not found"
        case .searchTitle: "Search"
        case .numberedPageTitle: "{title} — page {number}"
        case .otherGroup: "Other"
        case .pagesGroup: "Pages"
        }
    }

    /// The text in `table`, its placeholders filled from `values`.
    func text(in table: ThemeTextTable?, _ values: [String: String] = [:]) -> String {
        text(in: table) { values[$0] }
    }

    /// The text with each placeholder's value given by `value` (nil: empty), for a caller that fills
    /// the same text for thousands of pages and makes no dictionary for each.
    func text(in table: ThemeTextTable?, value: (String) -> String?) -> String {
        table?.text(rawValue, value: value) ?? ThemeTextMessage(forms: [.other: english]).render(language: "en", value: value)
    }
}

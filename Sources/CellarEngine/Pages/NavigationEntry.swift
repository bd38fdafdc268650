/// One entry of the site's navigation, resolved: the `menu:` of the site settings, else each
/// top-level section.
package struct NavigationEntry: Sendable, Hashable {
    package var title: String
    /// Where it leads on the site, or off it.
    package var url: URLPath?
    var externalURL: String?
    /// The page is "current" when it is in this section (or one under it)…
    var sectionID: String?
    /// … or is this item's page.
    var itemID: String?
}

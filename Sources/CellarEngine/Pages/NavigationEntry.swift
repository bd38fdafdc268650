/// One entry of the site's navigation, resolved: the `menu:` of the site settings, else each
/// top-level section.
public struct NavigationEntry: Sendable, Hashable {
    public var title: String
    /// Where it leads on the site, or off it.
    public var url: URLPath?
    public var externalURL: String?
    /// The page is "current" when it is in this section (or one under it)…
    public var sectionID: String?
    /// … or is this item's page.
    public var itemID: String?
}

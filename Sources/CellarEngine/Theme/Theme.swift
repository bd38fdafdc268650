import CellarMustache

/// A theme, loaded and compiled: its kinds, the cell template of each, item page templates and layouts.
public struct Theme: Sendable {
    public var name: String
    /// Absolute path of the theme folder.
    public var directory: String
    /// The folder as shown in messages: `themes/default`.
    public var display: String
    public var kinds: [String: KindDefinition]
    /// Resolves and caches partials and parents; every template of the theme is compiled once here.
    public var library: MustacheLibrary
    /// `cells/<kind>.html`, compiled, by kind.
    public var cells: [String: MustacheTemplate]
    /// `pages/<kind>.html`, compiled, by kind (kinds without one use `layouts/item.html`).
    public var itemPages: [String: MustacheTemplate]
    /// Every `layouts/<name>.html`, compiled, by name: the required ones (``requiredLayouts``)
    /// and those sections name with `layout:`.
    public var layouts: [String: MustacheTemplate]
    /// The theme's own words in every language it has (`i18n/<language>.yml`).
    public var text: ThemeTextCatalog
    /// The embeds Markdown bodies may call (`shortcodes/<name>.yml` and `.html`), by name.
    public var shortcodes: [String: Shortcode] = [:]
    /// Every template file, relative to the theme (`cells/book.html`), for finding unused ones.
    public var templateFiles: [String]
    /// Files under `assets/`, relative to it, copied to the same place in the output.
    public var assets: [String]
    /// A hash of the theme's kinds and templates and of its file names (not of the assets' bytes,
    /// which no page contains): a changed fingerprint means every page may change.
    public var fingerprint: UInt64
    /// Item pages drawn in Swift (``PageTemplate``), by kind.
    public var swiftPages: [String: SwiftPage] = [:]

    /// The layouts every theme provides: the home page, lists (sections and tags), the item page
    /// of kinds without a `pages/<kind>.html`, the tags page, and the page of addresses that lead nowhere.
    public static let requiredLayouts = ["home", "list", "item", "taxonomy", "404"]

    /// A kind's item page drawn in Swift: `layouts/item.html` whose `lead` block is what the
    /// ``PageTemplate`` draws for each item.
    public struct SwiftPage: Sendable {
        var page: any PageTemplate
        var template: MustacheTemplate
        /// The name the Swift page's HTML goes by in the template's context (not a field name).
        static let variable = "swift-page"
    }

    /// The template of an item page of `kind`: `pages/<kind>.html`, else `layouts/item.html`.
    func itemPage(of kind: String) -> MustacheTemplate? {
        itemPages[kind] ?? layouts["item"]
    }
}

import CellarMustache

/// A theme, loaded and compiled: its kinds, the cell template of each, item page templates and
/// layouts — each file from the site's own folders when the site overrides it (``ThemeFiles``).
package struct Theme: Sendable {
    package var name: String
    /// Absolute path of the theme folder.
    package var directory: String
    /// The folder as shown in messages: `themes/default`.
    package var display: String
    /// Every file the theme is made of, and where each is read from.
    package var files: ThemeFiles
    package var kinds: [String: KindDefinition]
    /// Kinds declared with a mistake, reported at the declaration: items of these kinds are not
    /// typed, and naming one is no error of its own.
    var unusableKinds: Set<String> = []
    /// Resolves and caches partials and parents; every template of the theme is compiled once here.
    package var library: MustacheLibrary
    /// `cells/<kind>.html`, compiled, by kind.
    package var cells: [String: MustacheTemplate]
    /// `pages/<kind>.html`, compiled, by kind (kinds without one use `layouts/item.html`).
    var itemPages: [String: MustacheTemplate]
    /// Every `layouts/<name>.html`, compiled, by name: the required ones (``requiredLayouts``)
    /// and those sections name with `layout:`.
    package var layouts: [String: MustacheTemplate]
    /// The theme's own words in every language it has (`i18n/<language>.yml`).
    package var text: ThemeTextCatalog
    /// The embeds Markdown bodies may call (`shortcodes/<name>.yml` and `.html`), by name.
    package var shortcodes: [String: Shortcode] = [:]
    /// Shortcodes declared with a mistake (reported at the declaration): a call of one is left as
    /// written, with no "unknown shortcode" of its own.
    var unusableShortcodes: Set<String> = []
    /// Every template file, relative to the theme (`cells/book.html`), for finding unused ones.
    var templateFiles: [String]
    /// Files under `assets/`, relative to it, copied to the same place in the output (from where
    /// ``files`` says: the site's `assets/` or the theme's).
    package var assets: [String]
    /// A hash of the theme's kinds and templates and of its file names (not of the assets' bytes,
    /// which no page contains): a changed fingerprint means every page may change.
    package var fingerprint: UInt64
    /// Item pages drawn in Swift (``PageTemplate``), by kind.
    package var swiftPages: [String: SwiftPage] = [:]

    /// The layouts every theme provides: the home page, lists (sections and tags), the item page
    /// of kinds without a `pages/<kind>.html`, the tags page, and the page of addresses that lead nowhere.
    static let requiredLayouts = ["home", "list", "item", "taxonomy", "404"]

    /// A kind's item page drawn in Swift: `layouts/item.html` whose `lead` block is what the
    /// ``PageTemplate`` draws for each item.
    package struct SwiftPage: Sendable {
        var page: any PageTemplate
        var template: MustacheTemplate
        /// The name the Swift page's HTML goes by in the template's context (not a field name).
        static let variable = "swift-page"
    }

    /// Where the asset at `path` (relative to `assets/`) is copied from.
    func assetSource(_ path: String) -> ThemeFiles.File? {
        files["assets/" + path]
    }

    /// The template of an item page of `kind`: `pages/<kind>.html`, else `layouts/item.html`.
    func itemPage(of kind: String) -> MustacheTemplate? {
        itemPages[kind] ?? layouts["item"]
    }
}

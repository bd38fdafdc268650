import CellarMustache

/// A theme, loaded and compiled: its kinds, the cell template of each, item page templates and layouts.
public struct Theme: Sendable {
    public var name: String
    /// Absolute path of the theme folder.
    public var directory: String
    /// The folder as shown in messages: `themes/default`.
    public var display: String
    public var kinds: [String: Kind]
    /// Resolves and caches partials and parents; every template of the theme is compiled once here.
    public var library: MustacheLibrary
    /// `cells/<kind>.html`, compiled, by kind.
    public var cells: [String: MustacheTemplate]
    /// `pages/<kind>.html`, compiled, by kind (kinds without one use `layouts/item.html`).
    public var itemPages: [String: MustacheTemplate]
    public var layouts: Layouts
    /// Files under `assets/`, relative to it, copied to the same place in the output.
    public var assets: [String]
    /// A hash of the theme's kinds and templates and of its file names (not of the assets' bytes,
    /// which no page contains): a changed fingerprint means every page may change.
    public var fingerprint: UInt64

    /// The layouts every theme provides.
    public struct Layouts: Sendable {
        public var home: MustacheTemplate
        public var list: MustacheTemplate
        public var item: MustacheTemplate
        public var taxonomy: MustacheTemplate
        public var notFound: MustacheTemplate

        static let names = ["home", "list", "item", "taxonomy", "404"]
    }
}

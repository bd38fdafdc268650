/// Finds template sources by name for a ``MustacheLibrary``: the theme's folders, or a dictionary in tests.
package protocol MustacheLoader: Sendable {
    /// The source of the template `name`, with the path to show in errors; nil when it does not exist.
    func loadTemplate(named name: String) throws(MustacheError) -> (source: String, path: String)?
    /// Where `name` was looked for (shown in the "unknown partial" error),
    /// e.g. `["themes/default/partials/x.html", "themes/default/layouts/x.html"]`.
    func searchedLocations(for name: String) -> [String]
}

import CellarMustache

/// `t`: the theme's own words in a language. `{{t.previous}}` prints a text; placeholders are
/// filled from the names visible where the tag is, so `{{t.min_read}}` in a cell says
/// "5 min read" with that item's `{reading_time}`, in the plural form the number takes.
struct ThemeText: MustacheObject {
    let table: ThemeTextTable

    func mustacheValue(forKey key: String) -> MustacheValue? {
        table.text(key) { _ in nil }.map(MustacheValue.string)
    }

    func mustacheValue(forKey key: String, in scope: MustacheScope) -> MustacheValue? {
        table.text(key) { scope.text($0) }.map(MustacheValue.string)
    }
}

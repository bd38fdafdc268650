/// The theme Cellar ships with, embedded in the binary so `cellar new site` works from an
/// installed `cellar` as well as from the repository. Data only: the engine's scaffolder writes it.
///
/// The files are generated from `themes/default/` by `scripts/embed-default-theme`.
package enum DefaultTheme {
    /// The folder name sites use for it: `themes/default`.
    package static let name = "default"

    /// Every file's path relative to the theme folder, sorted.
    package static var paths: [String] { files.keys.sorted() }

    /// The text of one file of the theme (`kinds/review.yml`), or nil.
    package static func file(_ path: String) -> String? { files[path] }
}

import CellarDiagnostics

/// The theme Cellar ships with, embedded in the binary so `cellar new site` works from an
/// installed `cellar` as well as from the repository.
///
/// The files are generated from `themes/default/` by `scripts/embed-default-theme`.
public enum DefaultTheme {
    /// The folder name sites use for it: `themes/default`.
    public static let name = "default"

    /// Every file's path relative to the theme folder, sorted.
    public static var paths: [String] { files.keys.sorted() }

    /// The text of one file of the theme (`kinds/review.yml`), or nil.
    public static func file(_ path: String) -> String? { files[path] }

    /// Writes every file of the theme under `directory` (created as needed).
    /// - Returns: the paths written, relative to `directory`, sorted.
    /// - Throws: the first file that cannot be written, as a diagnostic.
    @discardableResult
    public static func write(to directory: String) throws(Diagnostic) -> [String] {
        for path in paths {
            let target = Paths.join(directory, path)
            do throws(FileIOError) {
                try FileIO.makeDirectories(Paths.parent(of: target))
                try FileIO.write(files[path] ?? "", to: target)
            } catch {
                throw error.diagnostic
            }
        }
        return paths
    }
}

import CellarFiles
import CellarMustache
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds a theme's templates by name for Mustache: `{{> card}}` looks in `partials/` then `layouts/`;
/// names with a folder (`cells/review`) are relative to the theme. Each is read from where
/// ``ThemeFiles`` says — the site's folder that overrides it, else the theme — and names never
/// leave those files.
struct ThemeTemplateLoader: MustacheLoader {
    var files: ThemeFiles
    /// Largest template read, in bytes.
    static let maxTemplateSize = 1 << 20

    func loadTemplate(named name: String) throws(MustacheError) -> (source: String, path: String)? {
        for candidate in candidates(for: name) {
            guard let file = files[candidate] else { continue }
            let path = file.path
            guard FileIO.status(path, followLinks: true)?.kind == .file else { continue }
            let shown = file.display
            let bytes: [UInt8]
            do throws(FileIOError) { bytes = try FileIO.read(path, limit: Self.maxTemplateSize) } catch {
                if error.code == EFBIG {
                    let size = FileIO.status(path, followLinks: true)?.size ?? 0
                    throw MustacheError(.templateTooLarge(bytes: size, limit: Self.maxTemplateSize), template: shown, line: 0, column: 0)
                }
                throw MustacheError(.unreadableTemplate(error.reason), template: shown, line: 0, column: 0)
            }
            guard let source = String(validating: bytes, as: UTF8.self) else {
                throw MustacheError(.unreadableTemplate("it is not valid UTF-8"), template: shown, line: 0, column: 0)
            }
            return (source.replacingCRLF(), shown)
        }
        return nil
    }

    func searchedLocations(for name: String) -> [String] {
        candidates(for: name).flatMap(files.candidates(for:))
    }

    private func candidates(for name: String) -> [String] {
        guard DirectoryLoader.isValidName(name) else { return [] }
        let file = name.hasSuffix(".html") ? name : name + ".html"
        if name.contains("/") { return [file] }
        return ["partials/" + file, "layouts/" + file]
    }
}

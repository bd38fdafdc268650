import Foundation

/// Looks up `name` + extension in each folder in order (e.g. `partials/` then `layouts/`).
/// Names may contain `/` for sub-folders but never a `..` or `.` part, an empty part, or a leading `/`.
package struct DirectoryLoader: MustacheLoader {
    let folders: [String]
    let fileExtension: String
    let displayPrefix: String

    /// - Parameters:
    ///   - folders: the folders to search, in order.
    ///   - fileExtension: added to each name, without the dot; empty for none.
    ///   - displayPrefix: removed from the front of paths shown in errors (e.g. the site's root
    ///     folder plus `/`), so they read `themes/default/partials/x.html`.
    package init(folders: [String], fileExtension: String = "html", displayPrefix: String = "") {
        self.folders = folders
        self.fileExtension = fileExtension
        self.displayPrefix = displayPrefix
    }

    package func loadTemplate(named name: String) throws(MustacheError) -> (source: String, path: String)? {
        guard Self.isValidName(name) else { return nil }
        for path in folders.map({ file(named: name, in: $0) }) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw MustacheError(.unreadableTemplate("the file cannot be opened"), template: display(path), line: 0, column: 0)
            }
            guard let source = String(validating: data, as: UTF8.self) else {
                throw MustacheError(.unreadableTemplate("the file is not UTF-8 text"), template: display(path), line: 0, column: 0)
            }
            return (source, display(path))
        }
        return nil
    }

    package func searchedLocations(for name: String) -> [String] {
        guard Self.isValidName(name) else { return [] }
        return folders.map { display(file(named: name, in: $0)) }
    }

    /// A relative path below the folders: no `..`, `.` or empty parts, no leading `/`, no NUL or `\`.
    /// Public for other loaders, which must refuse the same names.
    package static func isValidName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.contains("\0"), !name.contains("\\") else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part != "." && part != ".."
        }
    }

    private func file(named name: String, in folder: String) -> String {
        let base = folder.isEmpty || folder.hasSuffix("/") ? folder : folder + "/"
        return base + name + (fileExtension.isEmpty ? "" : "." + fileExtension)
    }

    private func display(_ path: String) -> String {
        guard !displayPrefix.isEmpty, path.hasPrefix(displayPrefix) else { return path }
        return String(path.dropFirst(displayPrefix.count))
    }
}

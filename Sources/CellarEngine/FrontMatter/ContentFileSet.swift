import CellarDiagnostics
import CellarMarkdown
import Foundation

/// The set of files under `content/`, for existence checks without touching the disk again.
package struct ContentFileSet: Sendable {
    var paths: Set<String>

    package init(_ paths: Set<String> = []) {
        self.paths = paths
    }

    func contains(_ contentPath: String) -> Bool { paths.contains(contentPath) }

    /// The Markdown files directly in `folder` (`folder/x.md`) and its bundles (`folder/x/index.md`),
    /// but its `_index.md`, sorted.
    func markdownFiles(in folder: String) -> [String] {
        let prefix = folder.isEmpty ? "" : folder + "/"
        return paths.filter { path in
            guard path.hasPrefix(prefix) else { return false }
            let rest = path.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            switch rest.count {
            case 1: return (rest[0].hasSuffix(".md") || rest[0].hasSuffix(".markdown")) && rest[0] != "_index.md"
            case 2: return rest[1] == "index.md"
            default: return false
            }
        }.sorted()
    }
}

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
}

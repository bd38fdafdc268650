import CellarDiagnostics
import CellarMarkdown
import Foundation

/// The set of files under `content/`, for existence checks without touching the disk again.
public struct ContentFileSet: Sendable {
    var paths: Set<String>

    public init(_ paths: Set<String> = []) {
        self.paths = paths
    }

    func contains(_ contentPath: String) -> Bool { paths.contains(contentPath) }
}

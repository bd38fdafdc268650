import CellarDiagnostics
import Foundation

/// A local file named by an `image` or `path` field (or a remote URL for images).
package struct FileReference: Sendable, Hashable {
    /// As written in the front matter.
    package var written: String
    /// The file, relative to `content/` (nil for remote URLs).
    var contentPath: String?
    /// The remote URL, when the reference is one.
    var remoteURL: String?
}

import CellarDiagnostics
import Foundation

/// A local file named by an `image` or `path` field (or a remote URL for images).
public struct FileReference: Sendable, Hashable {
    /// As written in the front matter.
    public var written: String
    /// The file, relative to `content/` (nil for remote URLs).
    public var contentPath: String?
    /// The remote URL, when the reference is one.
    public var remoteURL: String?
}

/// What a request path names under the served folder.
enum FileResolution: Equatable, Sendable {
    /// A regular file inside the root, by its real path (symlinks resolved).
    case file(path: String, mimeType: MIMEType)
    /// A folder asked for without its trailing slash: redirect to `location` (its query kept).
    case redirect(location: String)
    /// Nothing to serve: missing, a folder without `index.html`, or a hidden file.
    case notFound
    /// Refused: a traversal attempt, a symlink out of the root or loop, or not a regular file.
    case forbidden
    /// Refused: not a well-formed path (bad escapes, invalid or overlong UTF-8, control characters).
    case badRequest
}

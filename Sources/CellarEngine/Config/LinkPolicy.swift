import CellarDiagnostics

/// How links written in Markdown are checked: `links:` in the site settings.
///
/// ```yaml
/// links:
///   outside: [/install/, /docs/]   # served on this host by other software
///   broken: warning                 # a link to a missing page or file does not fail the build
/// ```
package struct LinkPolicy: Sendable, Hashable {
    /// What a link to a missing page, file or image is to a build.
    package enum Broken: String, Sendable, Hashable {
        case error, warning
    }

    /// Path prefixes on this site's host (`/install/`, `/docs/`, `/install.sh`) that other software
    /// serves: links under them are kept as written, with the base path, and never reported.
    package var outside: [String]
    /// `error` (the default): a broken link fails the build; `warning`: it is reported and the build
    /// succeeds. `cellar build` and `cellar check` decide alike (see ``PageLinkCheck``).
    package var broken: Broken

    package init(outside: [String] = [], broken: Broken = .error) {
        self.outside = outside
        self.broken = broken
    }

    package static let `default` = LinkPolicy()

    /// Whether `path`, a path from the root of the site (`/docs/a.html`, without the base path),
    /// lies under one of the `outside` prefixes. A prefix names whole segments: `/docs/` (or `/docs`)
    /// covers `/docs`, `/docs/` and everything below, not `/docsets/`.
    func isOutside(_ path: String) -> Bool {
        outside.contains { prefix in
            let folder = prefix.hasSuffix("/") ? prefix : prefix + "/"
            return path.hasPrefix(folder) || path == String(folder.dropLast())
        }
    }

    /// A diagnostic about a broken link, with the severity the policy gives it.
    func broken(_ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(broken == .error ? .error : .warning, message, at: location, hint: hint)
    }

    /// Why `prefix` cannot be an `outside` entry, or nil when it can.
    static func problem(with prefix: String) -> String? {
        guard prefix.hasPrefix("/"), !prefix.hasPrefix("//") else {
            return "must be a path on this host starting with '/', such as /docs/"
        }
        if prefix == "/" { return "'/' would leave every link of the site unchecked" }
        if let bad = prefix.first(where: { $0 == "?" || $0 == "#" || $0 == "\\" || $0.isWhitespace || $0.isNewline }) {
            return "may not contain '\(bad == " " ? "a space" : String(bad))'"
        }
        if prefix.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) {
            return "may not contain '.' or '..' segments"
        }
        return nil
    }
}

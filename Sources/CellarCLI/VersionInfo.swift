import CellarEngine
import CellarMarkdown
import CellarServer
import CellarYAML

/// What `cellar --version` prints: Cellar's version and the commit it was built from, then the
/// version of each C library as that library reports it at run time — the one actually loaded.
///
/// ```
/// cellar 0.1.0 (commit 5db5469)
/// cmark 0.30.2, libyaml 0.2.5, libmicrohttpd 0.9.75
/// ```
struct VersionInfo: Sendable {
    var version: String
    var commit: String?
    var libraries: [(name: String, version: String)]

    /// The C libraries `cellar` links, in the order printed. A new one is one line here.
    static var linkedLibraries: [(name: String, version: String)] {
        [
            ("cmark", MarkdownRenderer.libraryVersion),
            ("libyaml", YAMLParser.libraryVersion),
            ("libmicrohttpd", HTTPServer.libraryVersion),
        ]
    }

    /// This binary's version information.
    static var current: VersionInfo {
        VersionInfo(version: CellarVersion.current, commit: BuildStamp.commit, libraries: linkedLibraries)
    }

    var text: String {
        "cellar \(version) (commit \(commit ?? "unknown"))\n"
            + libraries.map { "\($0.name) \($0.version)" }.joined(separator: ", ")
    }
}

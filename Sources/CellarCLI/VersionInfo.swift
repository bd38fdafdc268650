import CellarEngine
import CellarServer

/// What `cellar --version` prints: Cellar's version and the commit it was built from, then the
/// version of each C library as that library reports it at run time — the one actually loaded.
///
/// ```
/// cellar 0.1.0 (commit 5db5469)
/// cmark 0.30.2, libyaml 0.2.5, source-highlight 3.1.9, pcre2 10.42, toml11 3.7.1, libmicrohttpd 0.9.75
/// ```
struct VersionInfo: Sendable {
    var version: String
    var commit: String?
    var libraries: [(name: String, version: String)]

    /// The C libraries `cellar` links, in the order printed: the engine's (it says which), then the
    /// preview server's.
    static var linkedLibraries: [(name: String, version: String)] {
        CellarVersion.libraries + [("libmicrohttpd", HTTPServer.libraryVersion)]
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

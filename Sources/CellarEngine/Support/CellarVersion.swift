import CellarHighlight
import CellarMarkdown
import CellarTOML
import CellarYAML

/// Cellar's version, printed by `--version` and in `<meta name="generator">`.
package enum CellarVersion {
    package static let current = "0.1.0"

    /// The C libraries the engine links, each with the version it reports at run time (the one
    /// actually loaded), in the order `cellar --version` prints them. A new one is one line here.
    package static var libraries: [(name: String, version: String)] {
        [
            ("cmark", MarkdownRenderer.libraryVersion),
            ("libyaml", YAMLParser.libraryVersion),
            ("source-highlight", CodeHighlighter.libraryVersion),
            ("pcre2", CodeHighlighter.pcre2Version.split(separator: " ").first.map(String.init) ?? "unknown"),
            ("toml11", TOMLParser.libraryVersion),
        ]
    }
}

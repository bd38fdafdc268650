/// Cellar's version, printed by `--version` and in `<meta name="generator">`.
package enum CellarVersion {
    package static let current = "0.1.0"
}

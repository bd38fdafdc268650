/// Cellar's version, printed by `--version` and in `<meta name="generator">`.
public enum CellarVersion {
    public static let current = "0.1.0"
}

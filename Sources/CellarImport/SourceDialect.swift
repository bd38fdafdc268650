/// The generator a site is imported from.
public enum SourceDialect: String, Sendable, CaseIterable, Codable {
    case hugo, jekyll

    /// `Hugo`, `Jekyll`: as messages name it.
    public var name: String {
        switch self {
        case .hugo: "Hugo"
        case .jekyll: "Jekyll"
        }
    }
}

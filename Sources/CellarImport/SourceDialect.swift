/// The generator a site is imported from.
package enum SourceDialect: String, Sendable, CaseIterable, Codable {
    case hugo, jekyll

    /// `Hugo`, `Jekyll`: as messages name it.
    package var name: String {
        switch self {
        case .hugo: "Hugo"
        case .jekyll: "Jekyll"
        }
    }
}

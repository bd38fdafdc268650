/// The template a partial or parent tag names: fixed (`{{>footer}}`) or read from the context
/// (`{{>*kind}}`).
enum TemplateTarget: Sendable {
    case named(String)
    case dynamic(VariablePath)
}

extension TemplateTarget {
    var isDynamic: Bool {
        if case .dynamic = self { return true }
        return false
    }

    /// The template's name, or the dynamic name's path without its asterisk.
    var writtenName: String {
        switch self {
        case .named(let name): name
        case .dynamic(let path): path.name
        }
    }
}

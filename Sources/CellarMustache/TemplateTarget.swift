/// The template a partial or parent tag names: fixed (`{{>footer}}`) or read from the context
/// (`{{>*kind}}`).
enum TemplateTarget: Sendable {
    case named(String)
    case dynamic(VariablePath)
}

/// `{{>name}}` or `{{>*name}}`.
struct PartialNode: Sendable {
    var target: TemplateTarget
    /// Whitespace before a standalone tag, prepended to each line of the partial; nil when inline.
    var indentation: String?
    var line: Int
    var column: Int
}

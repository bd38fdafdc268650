/// `{{>name}}` or `{{>*name}}`.
final class PartialNode: Sendable {
    let target: TemplateTarget
    /// Whitespace before a standalone tag, prepended to each line of the partial; nil when inline.
    let indentation: String?
    let line: Int
    let column: Int

    init(target: TemplateTarget, indentation: String?, line: Int, column: Int) {
        self.target = target
        self.indentation = indentation
        self.line = line
        self.column = column
    }
}

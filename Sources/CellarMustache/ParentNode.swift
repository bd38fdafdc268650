/// `{{<name}}…{{/name}}`: renders the parent template with the blocks given inside the tag.
final class ParentNode: Sendable {
    let target: TemplateTarget
    /// The `{{$block}}` arguments given inside the tag, by name.
    let arguments: [String: BlockContent]
    /// Whitespace before a standalone tag pair, prepended to each line of the parent; nil when inline.
    let indentation: String?
    let line: Int
    let column: Int

    init(target: TemplateTarget, arguments: [String: BlockContent], indentation: String?, line: Int, column: Int) {
        self.target = target
        self.arguments = arguments
        self.indentation = indentation
        self.line = line
        self.column = column
    }
}

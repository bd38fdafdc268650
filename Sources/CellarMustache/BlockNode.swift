/// `{{$name}}default{{/name}}` outside a parent tag: a slot a child template may fill.
final class BlockNode: Sendable {
    let name: String
    let defaultContent: BlockContent
    /// Indentation added to each line of whatever content fills the slot.
    let indentation: String
    /// The opening tag stood alone on its line (else the content starts mid-line).
    let isStandalone: Bool
    let line: Int
    let column: Int

    init(name: String, defaultContent: BlockContent, indentation: String, isStandalone: Bool, line: Int, column: Int) {
        self.name = name
        self.defaultContent = defaultContent
        self.indentation = indentation
        self.isStandalone = isStandalone
        self.line = line
        self.column = column
    }
}

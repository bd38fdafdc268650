/// A partial or parent a template names statically, kept for loading and validating it up front.
struct TemplateReference: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case partial, parent }

    var kind: Kind
    var name: String
    var line: Int
    var column: Int
    /// Outside every section, block and parent tag: always rendered with the template.
    var isUnconditional: Bool
}

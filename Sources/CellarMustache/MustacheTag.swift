/// One tag of a template as written, with its place: what a checker walks to see which names a
/// template asks for, in which sections, and which partials and parents it includes.
///
/// ```swift
/// let template = try MustacheTemplate(source: "{{#date}}{{long}}{{/date}}", name: "cells/note.html")
/// template.tags   // [section "date" at 1:1 holding [variable "long" at 1:10]]
/// ```
package struct MustacheTag: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}`.
        case variable(escaped: Bool)
        /// `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}`; `children` is the body.
        case section(inverted: Bool)
        /// `{{>name}}`, or `{{>*name}}` when `dynamic` (the name is then a value to look up).
        case partial(dynamic: Bool)
        /// `{{<name}}…{{/name}}`; `children` are the `block` arguments given inside it.
        case parent(dynamic: Bool)
        /// `{{$name}}…{{/name}}`; `children` is its default content, or the argument it passes.
        case block
    }

    package var kind: Kind
    /// The name as written, without the sigil: `page.title`, `.`, `footer`.
    package var name: String
    /// 1-based line and column (in Unicode scalars) of the tag's opening delimiter.
    package var line: Int
    package var column: Int
    package var children: [MustacheTag]

    package init(kind: Kind, name: String, line: Int, column: Int, children: [MustacheTag] = []) {
        self.kind = kind
        self.name = name
        self.line = line
        self.column = column
        self.children = children
    }
}

/// A template parsed once into a tree, ready to render many times, from any number of threads at once.
///
/// ```swift
/// let template = try MustacheTemplate(source: "<h2>{{title}}</h2>", name: "cells/review.html")
/// let html = try template.render(["title": "Dune"])
/// ```
package struct MustacheTemplate: Sendable {
    /// Template name or path, used in error messages.
    package let name: String
    let program: Program
    /// The partials and parents the template names (not the dynamic ones).
    let references: [TemplateReference]
    /// Source size, a first guess at the size of the output.
    let sizeHint: Int
    /// Every tag as written, with its place, nested as the template nests them (comments and
    /// set-delimiter tags left out): for checking the names a template uses.
    package let tags: [MustacheTag]

    /// Parses `source` once.
    /// - Parameter name: the template's name or path, shown in errors.
    /// - Throws: ``MustacheError`` for a syntax error, located in `name`.
    package init(source: String, name: String) throws(MustacheError) {
        try self.init(source: source, name: name, limits: .default)
    }

    /// Parses `source` once, within `limits`.
    package init(source: String, name: String, limits: MustacheLimits) throws(MustacheError) {
        var parser = TemplateParser(source: source, templateName: name, limits: limits)
        self.program = Program(try parser.parse(), templateName: name)
        self.references = parser.references
        self.tags = parser.containers[0].tags
        self.name = name
        self.sizeHint = source.utf8.count
    }

    /// Renders with partials and parents resolved by `library` (nil: any partial is unknown).
    /// - Throws: ``MustacheError`` for an unknown partial or runaway recursion, located at the tag.
    package func render(_ context: MustacheValue, library: MustacheLibrary? = nil) throws(MustacheError) -> String {
        var string = ""
        try render(context, library: library, into: &string)
        return string
    }

    /// Renders, appending to `buffer`.
    package func render(
        _ context: MustacheValue, library: MustacheLibrary? = nil, into buffer: inout String
    ) throws(MustacheError) {
        try renderOutput(context, library: library).write(to: &buffer)
    }

    /// Renders, appending the UTF-8 bytes to `bytes` — for output headed to a file, with no
    /// `String` (and no UTF-8 validation of the result) in between.
    package func render(
        _ context: MustacheValue, library: MustacheLibrary? = nil, appendingUTF8To bytes: inout [UInt8]
    ) throws(MustacheError) {
        try renderOutput(context, library: library).write(to: &bytes)
    }

    /// The rendered bytes, in the buffer they were rendered into.
    private func renderOutput(_ context: MustacheValue, library: MustacheLibrary?) throws(MustacheError) -> OutputBuffer {
        var output = OutputBuffer(capacity: sizeHint + sizeHint / 2)
        var renderer = Renderer(context: context, program: program, library: library, limits: library?.limits ?? .default)
        try renderer.run(.passUnretained(program), into: &output)
        return output
    }
}

import CellarDiagnostics
import CellarFiles
import CellarOutput
import CellarTree
import CellarMarkdown
import CellarYAML
import Foundation

/// An `_index.md` file read and typed: site settings for `content/_index.md`, section settings elsewhere.
struct IndexFile: Sendable {
    var fields: [String: TypedField]
    /// The front matter as written, for settings read by their own rules (`menu`).
    var node: LocatedNode?
    var body: String
    var bodyFirstLine: Int
    var file: String
    /// Hash of the file's bytes.
    var sourceHash: UInt64

    /// Reads, splits and types an `_index.md` against `schema`; nil after reporting why it could not.
    static func read(
        contentPath: String, layout: SiteLayout, schema: Schema, owner: String, timeZone: TimeZone,
        files: ContentFileSet, skip: Set<String> = [], diagnostics: inout DiagnosticBag
    ) -> IndexFile? {
        let display = layout.display(contentPath: contentPath)
        do throws(Diagnostic) {
            let bytes = try SourceLoader.bytes(at: Paths.join(layout.content, contentPath), display: display)
            let (parts, node) = try FrontMatterSplitter.read(bytes, file: display)
            let typer = FieldTyper(context: TypingContext(
                owner: owner, noun: "setting", timeZone: timeZone, markdown: MarkdownRenderer(),
                contentFiles: files, directory: Paths.parent(of: contentPath), contentDisplayRoot: layout.display(sitePath: "content")
            ))
            let fields = typer.typeRecord(node, schema: schema, start: SourceLocation(file: display), skip: skip,
                                          diagnostics: &diagnostics)
            return IndexFile(fields: fields, node: node, body: parts.body, bodyFirstLine: parts.bodyFirstLine, file: display,
                             sourceHash: StableHash.of(bytes: bytes))
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    func string(_ name: String) -> String? { fields[name]?.value.string }
    func int(_ name: String) -> Int? { fields[name]?.value.int }
    func bool(_ name: String) -> Bool? { fields[name]?.value.bool }
    func location(_ name: String) -> SourceLocation? { fields[name]?.location }
    var locations: [String: SourceLocation] { fields.compactMapValues(\.location) }
}

import CellarDiagnostics
import CellarEngine
import Foundation

/// Reads a content file of the source into a ``SourceDocument``: its front matter (YAML between
/// `---`, TOML between `+++`) parsed with every key's place, and its body. A file that cannot be
/// read is noted as a problem and skipped.
struct DocumentLoader {
    var tree: SourceTree
    var notes: [ImportNote] = []

    mutating func load(_ path: String, role: SourceDocument.Role, ext: String) -> SourceDocument? {
        let display = tree.display(path)
        do throws(Diagnostic) {
            let bytes = try tree.bytes(path)
            if bytes.first == UInt8(ascii: "{") {
                throw .error("JSON front matter is not read", at: SourceLocation(file: display),
                             hint: "convert it to YAML between --- lines")
            }
            let (parts, node) = try FrontMatterSplitter.read(bytes, file: display)
            let name = Paths.lastComponent(of: path)
            return SourceDocument(
                role: role, path: path, display: display, section: "", target: path, frontMatter: node,
                frontMatterLine: parts.frontMatterFirstLine, body: parts.body, bodyFirstLine: parts.bodyFirstLine,
                isHTML: Leftovers.htmlExtensions.contains(ext), fileSlug: Leftovers.deletingExtension(name))
        } catch {
            notes.append(ImportNote(.problem, role == .post ? .post : .page, "not imported: \(error.message)",
                                    at: error.location ?? SourceLocation(file: display), hint: error.hint))
            return nil
        }
    }
}

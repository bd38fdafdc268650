import CellarDiagnostics
import CellarEngine
import CellarFiles
import Foundation

/// Reads a content file of the source into a ``SourceDocument``: its front matter (YAML between
/// `---`, TOML between `+++`) parsed with every key's place, and its body. A file that cannot be
/// read is noted as a problem and skipped.
struct DocumentLoader {
    var tree: SourceTree
    var notes: [ImportNote] = []
    /// Hugo reads front matter after blank lines at the top of a file; Jekyll only on the first line.
    var skipsLeadingBlankLines = false

    init(tree: SourceTree, skipsLeadingBlankLines: Bool = false) {
        self.tree = tree
        self.skipsLeadingBlankLines = skipsLeadingBlankLines
    }

    mutating func load(_ path: String, role: SourceDocument.Role, ext: String) -> SourceDocument? {
        let display = tree.display(path)
        do throws(Diagnostic) {
            var bytes = try tree.bytes(path)
            let skipped = skipsLeadingBlankLines ? Self.leadingBlankLines(bytes) : (lines: 0, bytes: 0)
            if skipped.lines > 0 { bytes.removeFirst(skipped.bytes) }
            if bytes.first == UInt8(ascii: "{") {
                throw .error("JSON front matter is not read", at: SourceLocation(file: display),
                             hint: "convert it to YAML between --- lines")
            }
            let (parts, node) = try FrontMatterSplitter.read(bytes, file: display)
            let name = Paths.lastComponent(of: path)
            return SourceDocument(
                role: role, path: path, display: display, section: "", target: path, frontMatter: node,
                frontMatterLine: parts.frontMatterFirstLine + skipped.lines, body: parts.body, bodyFirstLine: parts.bodyFirstLine + skipped.lines,
                isHTML: Leftovers.htmlExtensions.contains(ext), fileSlug: Leftovers.deletingExtension(name))
        } catch {
            notes.append(ImportNote(.problem, role == .post ? .post : .page, "not imported: \(error.message)",
                                    at: error.location ?? SourceLocation(file: display), hint: error.hint))
            return nil
        }
    }

    /// The blank lines before a front matter fence (`---`, `+++`): how many, and their bytes.
    static func leadingBlankLines(_ bytes: [UInt8]) -> (lines: Int, bytes: Int) {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lines = 0
        var lineStart = index
        while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) {
            if bytes[index] == 0x0A {
                lines += 1
                lineStart = index + 1
            }
            index += 1
        }
        let rest = bytes[lineStart...]
        guard lines > 0, rest.starts(with: Array("---".utf8)) || rest.starts(with: Array("+++".utf8)) else { return (0, 0) }
        return (lines, lineStart)
    }
}

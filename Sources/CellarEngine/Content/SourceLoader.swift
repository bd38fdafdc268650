import CellarDiagnostics
import CellarFiles
import Foundation

/// Reads a content file's bytes and turns them into checked text.
enum SourceLoader {
    /// Largest content file read (Markdown and `_index.md`).
    static let maxFileSize = 8 << 20

    static func text(at path: String, display: String) throws(Diagnostic) -> String {
        try SourceText.decode(bytes(at: path, display: display), file: display)
    }

    static func bytes(at path: String, display: String) throws(Diagnostic) -> [UInt8] {
        do throws(FileIOError) {
            return try FileIO.read(path, limit: maxFileSize)
        } catch {
            if error.code == EFBIG {
                throw .error("the file is larger than the limit of \(maxFileSize >> 20) MiB", at: SourceLocation(file: display),
                             hint: "split it into several items")
            }
            var diagnostic = error.diagnostic
            diagnostic.location = SourceLocation(file: display)
            diagnostic.message = "cannot read the file: " + error.reason
            // The hint names the file as the message does.
            diagnostic.hint = error.hint?.replacingOccurrences(of: path, with: display)
            throw diagnostic
        }
    }
}

internal import CCmark

/// A parsed body with its GFM extensions applied: owns libcmark's tree and frees it.
final class MarkdownTree {
    let root: OpaquePointer
    var origins: LineOrigins
    var footnoteProblems: [MarkdownFootnoteProblem] = []
    /// Whether the source has `<!--` at all (a `<!--more-->` marker is possible).
    var mayHaveMoreMarker = false
    /// The lines of the original source, once found (by whoever needed them first).
    var sourceLines: SourceLines?

    /// The lines of the original source `bytes`, found once per tree.
    func lines(of bytes: UnsafeBufferPointer<UInt8>) -> SourceLines {
        if let sourceLines { return sourceLines }
        let found = SourceLines(bytes)
        sourceLines = found
        return found
    }

    init(root: OpaquePointer, origins: LineOrigins) {
        self.root = root
        self.origins = origins
    }

    deinit {
        cmark_node_free(root)
    }

    static func parse(_ bytes: [UInt8], options: MarkdownOptions) -> OpaquePointer? {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                cmark_parse_document(text.baseAddress, text.count, options.cmarkOptions)
            }
        }
    }
}

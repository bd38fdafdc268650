internal import CCmark

/// libcmark's CommonMark parse plus the GFM extensions it lacks: tables and footnote notes are found
/// from a first parse and moved so one more parse reads them right (``BlockRewriter``); strikethrough,
/// task items, autolinks and footnote references are then done on the tree.
struct MarkdownParser {
    let options: MarkdownOptions
    /// Rounds of finding tables and notes; each may uncover more (a table inside a note).
    static let maximumRounds = 6

    func parse(_ source: [UInt8], footnoteIDPrefix: String = "") -> MarkdownTree? {
        let scan = source.withUnsafeBufferPointer { CandidateScan($0) }
        var text = source
        var marked = false
        if scan.escapedMarker, !options.isDisjoint(with: [.strikethrough, .tasklist, .footnotes]),
           let withMarkers = EscapeMarkers.mark(source) {
            text = withMarkers
            marked = true
        }
        let findsTables = options.contains(.table) && scan.pipe
        let findsNotes = options.contains(.footnotes) && scan.caretBracket
        var blocks = BlockStage()
        let tree: MarkdownTree
        let lines = findsTables || findsNotes ? SourceLines(text) : SourceLines()
        if findsTables || findsNotes, BlockRewriter.mayFind(tables: findsTables, notes: findsNotes, in: text, lines: lines),
           let built = blocks.parse(text, lines: lines, options: options, findsTables: findsTables, findsNotes: findsNotes,
                                    sourceLines: !marked) {
            tree = built
        } else {
            guard let root = MarkdownTree.parse(text, options: options) else { return nil }
            tree = MarkdownTree(root: root, origins: LineOrigins(origins: nil))
        }
        tree.mayHaveMoreMarker = scan.htmlComment
        let root = tree.root

        if options.contains(.tasklist), scan.taskBox {
            TaskListItems.apply(under: root, labelled: options.contains(.labelledTaskItems))
        }
        var references: FootnoteReferences?
        if options.contains(.footnotes), scan.caretBracket {
            let found = FootnoteReferences(under: root, defined: Set(blocks.firstNote.keys), regions: blocks.bodyRegions)
            references = found
            source.withUnsafeBufferPointer { buffer in
                var locator = SourceLocator(source: buffer, lines: tree.lines(of: buffer))
                for undefined in found.undefined {
                    guard let lines = tree.origins.lines(of: undefined.container),
                          let place = locator.locate(Array("[^\(undefined.label)]".utf8), in: lines,
                                                     hint: tree.origins.source(undefined.line)) else { continue }
                    tree.footnoteProblems.append(.init(kind: .undefinedReference, label: undefined.label,
                                                       line: place.line, column: place.column))
                }
            }
        }
        if options.contains(.strikethrough), scan.tilde {
            Strikethrough.apply(under: root)
            cmark_consolidate_text_nodes(root)
        }
        if options.contains(.autolink), scan.autolink {
            ExtendedAutolinks.apply(under: root, smartPunctuation: options.contains(.smartPunctuation))
        }
        if marked { EscapeMarkers.restore(under: root) }
        blocks.finish(tree: tree, source: source, references: references, footnoteIDPrefix: footnoteIDPrefix,
                      options: options)
        if options.contains(.allowRawHTML), options.contains(.tagFilter) { TagFilter.apply(under: root) }
        return tree
    }
}

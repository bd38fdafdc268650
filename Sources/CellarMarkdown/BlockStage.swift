internal import CCmark

/// Tables and footnote notes, from the first parse to the final tree: runs ``BlockRewriter`` until the
/// text parses right, builds the tables in place of their placeholders, keeps the notes' bodies aside,
/// and at the end writes the footnote section and reports unused or duplicate notes.
struct BlockStage {
    /// For each label, the note that defines it (the first one written).
    private(set) var firstNote: [String: Int] = [:]
    /// The block quotes at the front of the tree holding notes' bodies, with their region.
    private(set) var bodyRegions: [OpaquePointer: Int] = [:]
    private var notes: [BlockRewriter.Note] = []
    private var duplicates: [Int] = []
    private var tables: [TableBuilder.Built] = []
    private var bodies: [Int: OpaquePointer] = [:]

    /// - Parameters:
    ///   - lines: the lines of `text`.
    ///   - sourceLines: whether `text` is the source as written (no escape markers), so its lines are the source's.
    mutating func parse(_ text: [UInt8], lines: SourceLines, options: MarkdownOptions, findsTables: Bool, findsNotes: Bool,
                        sourceLines: Bool) -> MarkdownTree? {
        let tree = parseTree(text, lines: lines, options: options, findsTables: findsTables, findsNotes: findsNotes)
        if sourceLines { tree?.sourceLines = lines }
        return tree
    }

    private mutating func parseTree(_ text: [UInt8], lines: SourceLines, options: MarkdownOptions, findsTables: Bool,
                                    findsNotes: Bool) -> MarkdownTree? {
        var rewriter = BlockRewriter(source: AssembledSource(text, lines: lines), findsTables: findsTables,
                                     findsNotes: findsNotes)
        var assembly = rewriter.source.assemble()
        guard var root = MarkdownTree.parse(assembly.text, options: options) else { return nil }
        var round = 0
        while round < MarkdownParser.maximumRounds, rewriter.rewrite(tree: root, assembly: assembly) {
            cmark_node_free(root)
            assembly = rewriter.source.assemble()
            guard let next = MarkdownTree.parse(assembly.text, options: options) else { return nil }
            root = next
            round += 1
        }
        if rewriter.tables.isEmpty, rewriter.notes.isEmpty {
            return MarkdownTree(root: root, origins: LineOrigins(origins: nil))
        }
        guard let origins = adopt(root, assembly: assembly, rewriter: rewriter, options: options)
        else {
            // The layout came out other than planned: render the body as plain CommonMark rather than wrongly.
            cmark_node_free(root)
            self = BlockStage()
            return MarkdownTree.parse(text, options: options).map { MarkdownTree(root: $0, origins: LineOrigins(origins: nil)) }
        }
        return MarkdownTree(root: root, origins: origins)
    }

    /// Adds the footnote section, labels the tables' scrolling boxes and reports notes nobody uses.
    mutating func finish(tree: MarkdownTree, source: [UInt8], references: FootnoteReferences?,
                         footnoteIDPrefix: String, options: MarkdownOptions) {
        let builder = TableBuilder(options: options)
        for table in tables { builder.label(table) }
        guard !notes.isEmpty else { return }
        var unused: [Int] = []
        if let references {
            unused = FootnoteSection(idPrefix: footnoteIDPrefix)
                .write(into: tree.root, notes: notes, first: firstNote, references: references, bodies: bodies)
        }
        for body in bodies.values { cmark_node_free(body) }
        bodies = [:]
        bodyRegions = [:]
        source.withUnsafeBufferPointer { buffer in
            var locator = SourceLocator(source: buffer, lines: tree.lines(of: buffer))
            let problems = unused.map { ($0, MarkdownFootnoteProblem.Kind.unusedDefinition) }
                + duplicates.map { ($0, MarkdownFootnoteProblem.Kind.duplicateDefinition) }
            for (index, kind) in problems.sorted(by: { notes[$0.0].origin < notes[$1.0].origin }) {
                let note = notes[index]
                let label = String(decoding: note.label, as: UTF8.self)
                let place = locator.locate(Array("[^".utf8) + note.label + Array("]:".utf8), in: note.origin...note.origin)
                tree.footnoteProblems.append(.init(kind: kind, label: label, line: place?.line ?? note.origin,
                                                   column: place?.column ?? 1))
            }
        }
    }

    /// Checks the front of the tree (cells, then bodies), builds the tables and removes the notes'
    /// placeholders; nil when the tree is not laid out as assembled.
    private mutating func adopt(_ root: OpaquePointer, assembly: AssembledSource.Assembly, rewriter: BlockRewriter,
                                options: MarkdownOptions) -> LineOrigins? {
        var child = cmark_node_first_child(root)
        var cells: [OpaquePointer?] = []
        for _ in 0..<assembly.cellCount {
            guard let node = child, cmark_node_get_type(node) == CMARK_NODE_HEADING else { return nil }
            cells.append(node)
            child = cmark_node_next(node)
        }
        for region in stride(from: 1, through: assembly.bodyCount, by: 1) {
            guard let node = child, cmark_node_get_type(node) == CMARK_NODE_BLOCK_QUOTE else { return nil }
            bodies[region] = node
            bodyRegions[node] = region
            child = cmark_node_next(node)
        }
        var origins = LineOrigins(origins: assembly.origins)
        let cellOrigins = rewriter.source.cells.map(\.origin)
        let builder = TableBuilder(options: options)
        for html in CMark.nodes(under: root, where: { $0 == CMARK_NODE_HTML_BLOCK }) {
            guard let place = assembly.place(ofLine: Int(cmark_node_get_start_line(html))),
                  let placeholder = rewriter.placeholders[place] else { continue }
            switch placeholder {
            case .table(let index):
                guard let built = builder.build(rewriter.tables[index], cells: cells, origins: cellOrigins) else { continue }
                CMark.replace(html, with: built.node)
                for (cell, line) in built.cellOrigins { origins.cells[cell] = line }
                tables.append(built)
            case .note:
                cmark_node_free(html)
            }
        }
        for cell in cells.compactMap({ $0 }) { cmark_node_free(cell) }
        notes = rewriter.notes
        for index in notes.indices.sorted(by: { notes[$0].origin < notes[$1].origin }) {
            if firstNote[notes[index].key] == nil { firstNote[notes[index].key] = index } else { duplicates.append(index) }
        }
        return origins
    }
}

internal import CCmark
internal import CellarEscaping

/// Numbers the notes in the order they are first referred to (from the body, then from notes already
/// numbered), writes each reference and the `<section class="footnotes">` that ends the body, in
/// GitHub's markup, with ids under a caller-given prefix. Unused notes are dropped and reported.
struct FootnoteSection {
    /// Put before every id (`fn-1`, `fnref-1`, `fnref-1-2`), so two bodies can share a page.
    let idPrefix: String

    /// - Parameters:
    ///   - bodies: each note's body (a block quote taken out of the tree), by region.
    /// - Returns: the notes nobody refers to, as indexes into `notes`.
    func write(into root: OpaquePointer, notes: [BlockRewriter.Note], first: [String: Int],
               references: FootnoteReferences, bodies: [Int: OpaquePointer]) -> [Int] {
        var numbers: [String: Int] = [:]
        var order: [String] = []
        var counts: [String: Int] = [:]

        func visit(_ reference: FootnoteReferences.Reference) {
            let number: Int
            if let known = numbers[reference.key] {
                number = known
            } else {
                order.append(reference.key)
                number = order.count
                numbers[reference.key] = number
            }
            let count = (counts[reference.key] ?? 0) + 1
            counts[reference.key] = count
            let id = anchor("fnref", number, count)
            cmark_node_set_on_enter(reference.node, "<sup class=\"footnote-ref\"><a href=\"#\(anchor("fn", number, 1))\" "
                                    + "id=\"\(id)\" data-footnote-ref>\(number)</a></sup>")
        }

        references.main.forEach(visit)
        var next = 0
        while next < order.count {
            if let note = first[order[next]] { references.inNotes[notes[note].region]?.forEach(visit) }
            next += 1
        }
        guard !order.isEmpty, let section = CMark.customBlock(
            enter: "<section class=\"footnotes\" data-footnotes>\n<ol>", exit: "</ol>\n</section>") else {
            return unused(notes: notes, first: first, numbers: numbers)
        }
        cmark_node_append_child(root, section)
        for (offset, key) in order.enumerated() {
            let number = offset + 1
            guard let note = first[key], let item = CMark.customBlock(enter: "<li id=\"\(anchor("fn", number, 1))\">",
                                                                    exit: "</li>") else { continue }
            cmark_node_append_child(section, item)
            if let body = bodies[notes[note].region] { CMark.moveChildren(of: body, to: item) }
            let links = backLinks(number: number, count: counts[key] ?? 1)
            if let last = cmark_node_last_child(item), cmark_node_get_type(last) == CMARK_NODE_PARAGRAPH,
               let inline = CMark.customInline(enter: " " + links) {
                cmark_node_append_child(last, inline)
            } else if let block = CMark.customBlock(enter: links) {
                cmark_node_append_child(item, block)
            }
        }
        return unused(notes: notes, first: first, numbers: numbers)
    }

    private func unused(notes: [BlockRewriter.Note], first: [String: Int], numbers: [String: Int]) -> [Int] {
        notes.indices.filter { first[notes[$0].key] == $0 && numbers[notes[$0].key] == nil }
    }

    /// `fn-1`, `fnref-1`, `fnref-1-2`…, after the prefix.
    private func anchor(_ kind: String, _ number: Int, _ count: Int) -> String {
        Escaping.htmlAttribute(idPrefix) + "\(kind)-\(number)" + (count > 1 ? "-\(count)" : "")
    }

    private func backLinks(number: Int, count: Int) -> String {
        (1...count).map { index in
            let label = index == 1 ? "\(number)" : "\(number)-\(index)"
            let mark = index == 1 ? "↩" : "↩<sup class=\"footnote-ref\">\(index)</sup>"
            return "<a href=\"#\(anchor("fnref", number, index))\" class=\"footnote-backref\" data-footnote-backref "
                + "data-footnote-backref-idx=\"\(label)\" aria-label=\"Back to reference \(label)\">\(mark)</a>"
        }.joined(separator: " ")
    }
}

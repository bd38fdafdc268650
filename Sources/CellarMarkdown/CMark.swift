internal import CCmark
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Small helpers over libcmark's node API; nodes are `OpaquePointer`s that never leave the module.
enum CMark {
    static func type(_ node: OpaquePointer) -> cmark_node_type {
        cmark_node_get_type(node)
    }

    /// The node's literal as bytes (text, code, HTML), empty when it has none.
    static func literal(_ node: OpaquePointer) -> [UInt8] {
        guard let pointer = cmark_node_get_literal(node) else { return [] }
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// Whether the node's literal holds `byte`, without copying it.
    static func literalContains(_ node: OpaquePointer, _ byte: UInt8) -> Bool {
        guard let pointer = cmark_node_get_literal(node) else { return false }
        return strchr(pointer, Int32(byte)) != nil
    }

    /// Whether the node's literal holds `needle`, without copying it.
    static func literalContains(_ node: OpaquePointer, _ needle: String) -> Bool {
        guard let pointer = cmark_node_get_literal(node) else { return false }
        return strstr(pointer, needle) != nil
    }

    static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    static func setLiteral(_ node: OpaquePointer, _ bytes: some Collection<UInt8>) {
        _ = withCString(bytes) { cmark_node_set_literal(node, $0) }
    }

    static func setURL(_ node: OpaquePointer, _ bytes: some Collection<UInt8>) {
        _ = withCString(bytes) { cmark_node_set_url(node, $0) }
    }

    /// A new text node holding `bytes`.
    static func text(_ bytes: some Collection<UInt8>) -> OpaquePointer? {
        guard let node = cmark_node_new(CMARK_NODE_TEXT) else { return nil }
        setLiteral(node, bytes)
        return node
    }

    /// A new custom inline that writes `enter` before its children and `exit` after them.
    static func customInline(enter: String, exit: String = "") -> OpaquePointer? {
        guard let node = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return nil }
        cmark_node_set_on_enter(node, enter)
        cmark_node_set_on_exit(node, exit)
        return node
    }

    /// A new custom block that writes `enter` before its children and `exit` after them.
    static func customBlock(enter: String, exit: String = "") -> OpaquePointer? {
        guard let node = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { return nil }
        cmark_node_set_on_enter(node, enter)
        cmark_node_set_on_exit(node, exit)
        return node
    }

    /// Moves every child of `source` to the end of `target`.
    static func moveChildren(of source: OpaquePointer, to target: OpaquePointer) {
        while let child = cmark_node_first_child(source) {
            cmark_node_unlink(child)
            cmark_node_append_child(target, child)
        }
    }

    /// Replaces `node` by `replacement` and frees it.
    static func replace(_ node: OpaquePointer, with replacement: OpaquePointer) {
        cmark_node_replace(node, replacement)
        cmark_node_free(node)
    }

    /// The nodes of a subtree, parents before children, that `include` selects (collected first, so
    /// the caller may change the tree while going through them).
    static func nodes(under root: OpaquePointer, where include: (cmark_node_type) -> Bool) -> [OpaquePointer] {
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var found: [OpaquePointer] = []
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            if include(cmark_node_get_type(node)) { found.append(node) }
        }
        return found
    }

    /// Whether `node` sits inside a link or an image.
    static func isInsideLink(_ node: OpaquePointer) -> Bool {
        var current = cmark_node_parent(node)
        while let parent = current {
            let type = cmark_node_get_type(parent)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { return true }
            current = cmark_node_parent(parent)
        }
        return false
    }

    private static func withCString<R>(_ bytes: some Collection<UInt8>, _ body: (UnsafePointer<CChar>) -> R) -> R {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(bytes.count + 1)
        buffer.append(contentsOf: bytes)
        buffer.append(0)
        return buffer.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }   // never empty: it holds the 0
        }
    }
}

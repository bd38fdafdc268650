import CellarTree

/// A located tree as lines that show every key's and value's place, so a test states a whole
/// parse in one literal: `title@2:1 = "Dune"@2:9` (quotes mark a double-quoted scalar),
/// `params@4:2 = {}@4:1` followed by its pairs indented, `- 1@3:6` for array items.
enum Outline {
    static func lines(_ node: LocatedNode) -> [String] {
        var lines: [String] = []
        children(of: node, indent: "", into: &lines)
        return lines
    }

    private static func children(of node: LocatedNode, indent: String, into lines: inout [String]) {
        switch node.value {
        case .mapping(let pairs):
            for pair in pairs {
                lines.append(indent + describe(pair.key) + " = " + describe(pair.value))
                children(of: pair.value, indent: indent + "  ", into: &lines)
            }
        case .sequence(let items):
            for item in items {
                lines.append(indent + "- " + describe(item))
                children(of: item, indent: indent + "  ", into: &lines)
            }
        case .scalar:
            break
        }
    }

    private static func describe(_ node: LocatedNode) -> String {
        let place = "@\(node.location.line):\(node.location.column)"
        switch node.value {
        case .scalar(let text, let style):
            let shown = text.replacingOccurrences(of: "\n", with: "\\n")
            return (style == .plain ? shown : "\"\(shown)\"") + place
        case .sequence: return "[]" + place
        case .mapping: return "{}" + place
        }
    }
}

extension MustacheError {
    /// What went wrong, in one line, without the location.
    package var message: String {
        switch reason {
        case .unclosedSection(let name):
            "section '\(name)' opened here is never closed"
        case .unclosedBlock(let name):
            "block '\(name)' opened here is never closed"
        case .unclosedParent(let name):
            "parent '\(name)' opened here is never closed"
        case .mismatchedClose(let expected, let found, let openLine, let openColumn):
            "closing tag '\(found)' does not match '\(expected)', opened at \(openLine):\(openColumn)"
        case .unexpectedClose(let name):
            "closing tag '\(name)' has no open section to close"
        case .unclosedTag(let expected):
            "tag is never closed: expected '\(expected)'"
        case .invalidDelimiters(let content):
            "invalid set-delimiter tag '\(content)': expected two delimiters separated by a space"
        case .emptyTag:
            "tag has no name"
        case .invalidName(let name):
            "invalid name '\(name)'"
        case .unknownPartial(let name, let searched):
            "unknown partial '\(name)'" + Self.lookedFor(searched)
        case .unknownParent(let name, let searched):
            "unknown parent template '\(name)'" + Self.lookedFor(searched)
        case .templateNotFound(let name, let searched):
            "no template named '\(name)'" + Self.lookedFor(searched)
        case .recursivePartial(let chain):
            "partial '\(chain.last ?? "")' includes itself outside any section, so rendering would never end: "
                + chain.joined(separator: " -> ")
        case .recursiveParent(let chain):
            "template '\(chain.last ?? "")' inherits from itself: " + chain.joined(separator: " -> ")
        case .recursionLimit(let depth):
            "partials nest more than \(depth) levels deep"
        case .templateTooLarge(let bytes, let limit):
            "template is \(bytes) bytes, more than the limit of \(limit) bytes"
        case .nestingTooDeep(let limit):
            "sections nest more than \(limit) levels deep"
        case .unreadableTemplate(let problem):
            "cannot read template: \(problem)"
        case .renderTooLong(let limit, let section):
            "rendering repeats sections and partials more than \(limit) times" + Self.inSection(section)
        case .outputTooLarge(let limit, let section):
            "rendering produces more than \(limit) bytes" + Self.inSection(section)
        }
    }

    /// What to do about it, or nil when the message says it all.
    package var hint: String? {
        switch reason {
        case .unclosedSection(let name), .unclosedBlock(let name), .unclosedParent(let name):
            "add {{/\(name)}}"
        case .mismatchedClose(let expected, _, _, _):
            "close '\(expected)' first with {{/\(expected)}}, or fix the name"
        case .unexpectedClose(let name):
            "remove it, or open the section with {{#\(name)}}"
        case .unclosedTag(let expected):
            "end the tag with '\(expected)'"
        case .invalidDelimiters:
            "write it like {{=<% %>=}}"
        case .emptyTag:
            "put a name inside, like {{title}}"
        case .invalidName:
            "names have no spaces; use dots for nested keys, like {{item.title}}"
        case .unknownPartial(_, let searched), .unknownParent(_, let searched), .templateNotFound(_, let searched):
            searched.first.map { "create \($0), or fix the name" } ?? "check the name, and that the library's loader has it"
        case .recursivePartial(let chain):
            "put the {{>\(chain.last ?? "")}} inside a section that ends the recursion"
        case .recursiveParent:
            "a parent chain must end in a template without a {{<...}} tag"
        case .recursionLimit:
            "a partial probably includes itself through data that never ends"
        case .templateTooLarge:
            "split the template into partials"
        case .nestingTooDeep:
            "move inner parts into partials"
        case .unreadableTemplate:
            "save the file as UTF-8"
        case .renderTooLong, .outputTooLarge:
            "a partial included several times inside itself, or sections over the same list nested in each other, multiply the work at every level"
        }
    }

    private static func inSection(_ section: String?) -> String {
        section.map { ", in section '\($0)'" } ?? ""
    }

    private static func lookedFor(_ searched: [String]) -> String {
        searched.isEmpty ? "" : "; looked for " + searched.joined(separator: ", ")
    }
}

import CellarTree
internal import CYAML
import CellarDiagnostics

/// Parses YAML text into ``LocatedNode`` trees with libyaml's event API, keeping every node's place.
///
/// The one file in Cellar that touches libyaml. Duplicate keys, unknown aliases, alias bombs and
/// deep nesting are refused with located diagnostics (libyaml itself accepts the first two).
package struct YAMLParser: Sendable {
    package var limits: YAMLLimits

    package init(limits: YAMLLimits = .default) {
        self.limits = limits
    }

    /// Parses one YAML document.
    /// - Parameters:
    ///   - text: the YAML source.
    ///   - file: the path shown in diagnostics.
    ///   - firstLine: the line of `file` on which `text` starts (front matter starts on line 2).
    /// - Returns: the root node, or nil when the document is empty.
    /// - Throws: a located ``Diagnostic`` for malformed YAML or a broken limit.
    package func parse(_ text: String, file: String, firstLine: Int = 1) throws(Diagnostic) -> LocatedNode? {
        let bytes = Array(text.utf8)
        if bytes.count > limits.maxBytes {
            throw .error(
                "front matter is \(bytes.count) bytes, more than the limit of \(limits.maxBytes)",
                at: SourceLocation(file: file, line: firstLine, column: 1),
                hint: "move long text into the Markdown body"
            )
        }
        if bytes.isEmpty { return nil }
        let context = MarkContext(file: file, lineOffset: firstLine - 1)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Diagnostic) -> LocatedNode? in
            try Self.run(buffer, context: context, limits: limits)
        }
    }

    private static func run(
        _ buffer: UnsafeBufferPointer<UInt8>, context: MarkContext, limits: YAMLLimits
    ) throws(Diagnostic) -> LocatedNode? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw .error("the YAML parser could not start (out of memory)", at: context.location(line: 0, column: 0))
        }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)

        var builder = YAMLTreeBuilder(context: context, limits: limits)
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw problem(of: parser, context: context)
            }
            defer { yaml_event_delete(&event) }
            let location = context.location(line: event.start_mark.line, column: event.start_mark.column)
            switch event.type {
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                try builder.scalar(
                    text, style: style(scalar.style), tag: string(scalar.tag),
                    anchor: string(scalar.anchor), at: location
                )
            case YAML_SEQUENCE_START_EVENT:
                let start = event.data.sequence_start
                try builder.startSequence(tag: string(start.tag), anchor: string(start.anchor), at: location)
            case YAML_MAPPING_START_EVENT:
                let start = event.data.mapping_start
                try builder.startMapping(tag: string(start.tag), anchor: string(start.anchor), at: location)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try builder.endCollection()
            case YAML_ALIAS_EVENT:
                try builder.alias(string(event.data.alias.anchor) ?? "", at: location)
            case YAML_DOCUMENT_START_EVENT:
                try builder.startDocument(at: location)
            case YAML_STREAM_END_EVENT:
                return builder.root
            default:
                break
            }
        }
    }

    private static func style(_ style: yaml_scalar_style_t) -> LocatedNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func problem(of parser: yaml_parser_t, context: MarkContext) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        let mark = parser.problem_mark
        var location = context.location(line: mark.line, column: mark.column)
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad encoding, control characters) only know a byte offset.
            location = context.location(line: 0, column: 0)
            return .error(
                "front matter is not valid text: \(problem) at byte \(parser.problem_offset)",
                at: location,
                hint: "save the file as UTF-8 without control characters"
            )
        }
        let while_ = parser.context.map { " (\(String(cString: $0)))" } ?? ""
        // A quote or bracket left open runs to the end: that is where libyaml notices, but the
        // mistake is where the value starts (its context mark), which may be lines above.
        if problem.contains("unexpected end of stream"), parser.context != nil {
            let start = parser.context_mark
            let opened = context.location(line: start.line, column: start.column)
            let what = parser.context.map { String(cString: $0).contains("quoted") ? "quote" : "bracket" } ?? "quote"
            return .error("malformed YAML: \(problem)\(while_)", at: opened,
                          hint: "the \(what) that starts here is never closed: the value runs to the end of the front matter (line \(location.line))")
        }
        return .error("malformed YAML: \(problem)\(while_)", at: location, hint: YAMLHints.hint(for: problem))
    }
}

/// Turns libyaml's 0-based marks into file locations, once.
struct MarkContext: Sendable {
    var file: String
    var lineOffset: Int

    func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line + 1 + lineOffset, column: column + 1)
    }
}

extension YAMLParser {
    /// The version of the libyaml Cellar runs with, as the library reports it ("0.2.5").
    package static var libraryVersion: String { String(cString: yaml_get_version_string()) }
}

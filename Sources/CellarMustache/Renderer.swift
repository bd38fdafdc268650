/// Runs compiled programs once per render, appending to one output buffer. Holds the context stack,
/// the current indentation, and the blocks that parent tags pass down.
struct Renderer: ~Copyable {
    let library: MustacheLibrary?
    let limits: MustacheLimits
    var stack: ContextStack
    /// Path of the template whose nodes are rendering, for errors.
    var templateName: String
    /// Prepended at each template line start (standalone partials, parents and blocks).
    var indentation = ""
    /// An output length at which a line start is already indented (a block that starts mid-line).
    var skipIndentationAt = -1
    /// Blocks passed by parent tags, outermost first: the outermost override wins.
    var overrides: [[String: BlockContent]] = []
    var expansionDepth = 0
    var sectionDepth = 0
    /// The library's compiled templates, read once per render.
    var knownTemplates: [String: MustacheTemplate]?

    /// Deepest nesting of sections and expansions together, which bounds stack use.
    static let maxRenderDepth = 1_000

    init(context: MustacheValue, templateName: String, library: MustacheLibrary?) {
        self.library = library
        self.limits = library?.limits ?? .default
        self.stack = ContextStack(root: context)
        self.templateName = templateName
    }

    /// Renders a whole program.
    mutating func run(_ program: Program, into output: inout OutputBuffer) throws(MustacheError) {
        try ProgramView.with(program) { (view) throws(MustacheError) in
            try run(view, from: 0, to: view.instructions.count, into: &output)
        }
    }

    /// Renders the instructions `start..<end` of a program.
    mutating func run(_ view: ProgramView, from start: Int, to end: Int, into output: inout OutputBuffer) throws(MustacheError) {
        var index = start
        while index < end {
            switch view.instructions[index] {
            case .text(let textStart, let textEnd, let firstLine, let endLine):
                if firstLine == endLine || indentation.isEmpty {
                    output.append(UnsafeBufferPointer(rebasing: view.text[Int(textStart)..<Int(textEnd)]))
                } else {
                    appendIndented(view, Int(textStart)..<Int(textEnd), lines: Int(firstLine)..<Int(endLine), into: &output)
                }
            case .variable(let path, let escaped):
                if let value = resolve(view.paths[Int(path)]) {
                    append(value, escaped: escaped, into: &output)
                }
            case .section(let path, let inverted, let sectionEnd):
                try renderSection(view, path: Int(path), inverted: inverted, body: index + 1, end: Int(sectionEnd), into: &output)
                index = Int(sectionEnd)
                continue
            case .partial(let partial):
                try renderPartial(view.program.partials[Int(partial)], into: &output)
            case .parent(let parent):
                try renderParent(view.program.parents[Int(parent)], into: &output)
            case .block(let block):
                try renderBlock(view.program.blocks[Int(block)], into: &output)
            }
            index += 1
        }
    }

    mutating func renderSection(
        _ view: ProgramView, path: Int, inverted: Bool, body: Int, end: Int, into output: inout OutputBuffer
    ) throws(MustacheError) {
        let value = resolve(view.paths[path])
        if inverted {
            if !(value?.isTruthy ?? false) {
                try run(view, from: body, to: end, into: &output)
            }
            return
        }
        guard let value else { return }
        switch value {
        case .null, .bool(false):
            return
        case .list(let elements):
            for element in elements {
                try run(view, from: body, to: end, pushing: element, into: &output)
            }
        case .custom(let object):
            if let elements = object.mustacheListElements {
                for element in elements {
                    try run(view, from: body, to: end, pushing: element, into: &output)
                }
            } else if object.mustacheIsTruthy {
                try run(view, from: body, to: end, pushing: value, into: &output)
            }
        default:
            try run(view, from: body, to: end, pushing: value, into: &output)
        }
    }

    mutating func run(
        _ view: ProgramView, from start: Int, to end: Int, pushing value: MustacheValue, into output: inout OutputBuffer
    ) throws(MustacheError) {
        stack.push(value)
        sectionDepth += 1
        defer {
            sectionDepth -= 1
            stack.pop()
        }
        try run(view, from: start, to: end, into: &output)
    }

    /// Appends template text, indenting each line that starts in it.
    func appendIndented(_ view: ProgramView, _ range: Range<Int>, lines: Range<Int>, into output: inout OutputBuffer) {
        var copied = range.lowerBound
        for line in lines {
            let lineStart = view.program.lineStarts[line]
            output.append(UnsafeBufferPointer(rebasing: view.text[copied..<lineStart]))
            if output.count != skipIndentationAt {
                output.append(indentation)
            }
            copied = lineStart
        }
        output.append(UnsafeBufferPointer(rebasing: view.text[copied..<range.upperBound]))
    }

    /// Appends what `{{x}}` (escaped) or `{{{x}}}` prints for `value`.
    func append(_ value: MustacheValue, escaped: Bool, into output: inout OutputBuffer) {
        switch value {
        case .string(let text):
            if escaped {
                output.appendHTMLEscaped(text)
            } else {
                output.append(text)
            }
        case .html(let text):
            output.append(text)
        case .int(let number):
            output.append(number)
        case .null, .list, .object:
            break
        case .custom(let object):
            if let printed = object.mustacheInterpolation {
                if case .custom = printed { return }
                append(printed, escaped: escaped, into: &output)
            }
        case .bool, .double:
            if let text = value.interpolatedText {
                output.append(text)
            }
        }
    }
}

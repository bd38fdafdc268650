/// Runs compiled programs once per render, appending to one output buffer. Holds the context stack,
/// the current indentation, and the blocks that parent tags pass down.
struct Renderer: ~Copyable {
    // Unowned references: the caller of `render` holds the library and the template for the whole
    // render, and every program it expands is held by a template or block that outlives it. Not
    // retaining them keeps threads that render the same template off each other's cache lines.
    unowned(unsafe) let library: MustacheLibrary?
    /// The program rendering now; its template name locates errors.
    var program: Unmanaged<Program>
    let limits: MustacheLimits
    var stack: ContextStack
    /// Prepended at each template line start (standalone partials, parents and blocks).
    var indentation = ""
    /// An output length at which a line start is already indented (a block that starts mid-line).
    var skipIndentationAt = -1
    /// Blocks passed by parent tags, outermost first: the outermost override wins.
    var overrides: [[String: BlockContent]] = []
    var expansionDepth = 0
    var sectionDepth = 0
    /// Section repetitions and expansions so far, against ``MustacheLimits/maxRenderSteps``.
    var steps = 0
    /// The programs of the library's compiled templates, read once per render.
    var knownPrograms: [String: Unmanaged<Program>]?
    /// The template a partial or parent tag resolved to last, since lists repeat the same one.
    var lastResolved: (name: String, program: Unmanaged<Program>)?

    /// Deepest nesting of sections and expansions together, which bounds stack use.
    static let maxRenderDepth = 1_000

    init(context: MustacheValue, program: Program, library: MustacheLibrary?, limits: MustacheLimits) {
        self.library = library
        self.program = .passUnretained(program)
        self.limits = limits
        self.stack = ContextStack(root: context)
    }

    /// Path of the template whose nodes are rendering, for errors.
    var templateName: String { program.takeUnretainedValue().templateName }

    /// Renders a whole program (borrowed, not retained: see ``program``).
    mutating func run(_ program: Unmanaged<Program>, into output: inout OutputBuffer) throws(MustacheError) {
        let failure: MustacheError? = program._withUnsafeGuaranteedRef { program in
            do throws(MustacheError) {
                try ProgramView.with(program) { (view) throws(MustacheError) in
                    try run(view, from: 0, to: view.instructions.count, into: &output)
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            throw failure
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
            try count(elements.count, section: view.paths[path], output: output)
            for element in elements {
                try run(view, from: body, to: end, pushing: element, into: &output)
            }
        case .custom(let object):
            if let elements = object.mustacheListElements {
                try count(elements.count, section: view.paths[path], output: output)
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

    /// Counts `repetitions` of a section against the render's budget of steps and bytes; a section
    /// has no line of its own here, so an error names the template and the section.
    mutating func count(_ repetitions: Int, section: VariablePath, output: borrowing OutputBuffer) throws(MustacheError) {
        try count(repetitions, output: output, section: section.name, line: 0, column: 0)
    }

    /// Counts `steps` against the render's budget of steps and bytes; over it, the error names
    /// `section` (when there is one) and the place.
    mutating func count(
        _ repetitions: Int, output: borrowing OutputBuffer, section: String?, line: Int, column: Int
    ) throws(MustacheError) {
        steps += repetitions
        if steps > limits.maxRenderSteps || output.count > limits.maxOutputBytes {
            throw budgetError(section: section, line: line, column: column)
        }
    }

    /// The error for a render over its budget of steps or bytes.
    func budgetError(section: String?, line: Int, column: Int) -> MustacheError {
        let reason: MustacheError.Reason = steps > limits.maxRenderSteps
            ? .renderTooLong(limit: limits.maxRenderSteps, section: section)
            : .outputTooLarge(limit: limits.maxOutputBytes, section: section)
        return MustacheError(reason, template: templateName, line: line, column: column)
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
    func append(_ value: consuming MustacheValue, escaped: Bool, into output: inout OutputBuffer) {
        switch consume value {
        case .string(var text):
            text.withUTF8 { bytes in
                if escaped {
                    output.appendHTMLEscaped(bytes)
                } else {
                    output.append(bytes)
                }
            }
        case .html(var text):
            text.withUTF8 { output.append($0) }
        case .int(let number):
            output.append(number)
        case .null, .list, .object:
            break
        case .custom(let object):
            if let printed = object.mustacheInterpolation {
                if case .custom = printed { return }
                append(printed, escaped: escaped, into: &output)
            }
        case .bool(let flag):
            output.append(flag ? "true" : "false")
        case .double(let number):
            output.append(MustacheValue.format(number))
        }
    }
}

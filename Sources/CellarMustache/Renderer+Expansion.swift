extension Renderer {
    mutating func renderPartial(_ partial: PartialNode, into output: inout OutputBuffer) throws(MustacheError) {
        guard let program = try resolveTemplate(partial.target, .partial, line: partial.line, column: partial.column) else {
            return
        }
        let indentation = partial.indentation.map { indented($0) } ?? ""
        try expand(program, indentation: indentation, line: partial.line, column: partial.column, into: &output)
    }

    mutating func renderParent(_ parent: ParentNode, into output: inout OutputBuffer) throws(MustacheError) {
        guard let program = try resolveTemplate(parent.target, .parent, line: parent.line, column: parent.column) else {
            return
        }
        let indentation = parent.indentation.map { indented($0) } ?? ""
        overrides.append(parent.arguments)
        defer { overrides.removeLast() }
        try expand(program, indentation: indentation, line: parent.line, column: parent.column, into: &output)
    }

    mutating func renderBlock(_ block: BlockNode, into output: inout OutputBuffer) throws(MustacheError) {
        let content = override(named: block.name) ?? block.defaultContent
        let indentation = indented(block.indentation)
        if block.isStandalone && !content.opensOnNewLine {
            output.append(indentation)
        }
        let skip = block.isStandalone ? -1 : output.count
        try expand(.passUnretained(content.program), indentation: indentation, skippingIndentationAt: skip,
                   line: block.line, column: block.column, into: &output)
    }

    /// The current indentation followed by `extra`.
    func indented(_ extra: String) -> String {
        indentation.isEmpty ? extra : extra.isEmpty ? indentation : indentation + extra
    }

    /// Renders another template (or a block) with its own indentation, one level deeper.
    mutating func expand(
        _ program: Unmanaged<Program>, indentation: String, skippingIndentationAt skip: Int = -1,
        line: Int, column: Int, into output: inout OutputBuffer
    ) throws(MustacheError) {
        guard expansionDepth < limits.maxRecursionDepth else {
            throw MustacheError(.recursionLimit(depth: limits.maxRecursionDepth), template: templateName, line: line, column: column)
        }
        guard expansionDepth + sectionDepth < Self.maxRenderDepth else {
            throw MustacheError(.nestingTooDeep(limit: Self.maxRenderDepth), template: templateName, line: line, column: column)
        }
        try count(1, output: output, section: nil, line: line, column: column)
        let saved = (self.indentation, skipIndentationAt, self.program)
        self.indentation = indentation
        skipIndentationAt = skip
        self.program = program
        expansionDepth += 1
        defer {
            expansionDepth -= 1
            (self.indentation, skipIndentationAt, self.program) = saved
        }
        try run(program, into: &output)
    }

    /// The program of the template a partial or parent tag names, nil when it is missing and missing
    /// ones render empty. Unretained: the library's cache holds it as long as the library lives.
    mutating func resolveTemplate(
        _ target: TemplateTarget, _ kind: TemplateReference.Kind, line: Int, column: Int
    ) throws(MustacheError) -> Unmanaged<Program>? {
        let name: String
        switch target {
        case .named(let fixed):
            name = fixed
        case .dynamic(let path):
            guard let resolved = resolve(path)?.interpolatedText, !resolved.isEmpty else { return nil }
            name = resolved
        }
        if let lastResolved, lastResolved.name == name {
            return lastResolved.program
        }
        if let program = knownPrograms?[name] {
            lastResolved = (name, program)
            return program
        }
        if let library {
            if knownPrograms == nil {
                knownPrograms = library.compiledPrograms()
                if let program = knownPrograms?[name] {
                    lastResolved = (name, program)
                    return program
                }
            }
            if let template = try library.loadedTemplate(named: name) {
                return Unmanaged.passUnretained(template.program)
            }
            if library.missingPartials == .renderEmpty {
                return nil
            }
        }
        let searched = library?.loader.searchedLocations(for: name) ?? []
        let reason: MustacheError.Reason = switch kind {
        case .partial: .unknownPartial(name: name, searched: searched)
        case .parent: .unknownParent(name: name, searched: searched)
        }
        throw MustacheError(reason, template: templateName, line: line, column: column)
    }
}

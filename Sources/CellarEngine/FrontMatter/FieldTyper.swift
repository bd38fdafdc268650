import CellarTree
import CellarDiagnostics
import CellarYAML
import Foundation

/// Types YAML values against field specs. Every mistake becomes a located diagnostic, and typing
/// goes on, so one pass reports all of them.
package struct FieldTyper {
    var context: TypingContext

    package init(context: TypingContext) {
        self.context = context
    }

    /// Types the pairs of a front-matter mapping against `schema`.
    /// - Parameters:
    ///   - start: where to report missing fields (the opening `---`).
    ///   - skip: keys handled by the caller (such as `kind`).
    package func typeRecord(
        _ node: LocatedNode?, schema: Schema, start: SourceLocation, skip: Set<String> = [],
        path: String = "", diagnostics: inout DiagnosticBag
    ) -> [String: TypedField] {
        var result: [String: TypedField] = [:]
        if let node, node.pairs == nil, !node.isNull {
            diagnostics.error("front matter must be a mapping of '\(context.noun): value' lines, found \(node.shortDescription)",
                              at: node.location)
            return result
        }
        for pair in node?.pairs ?? [] {
            let name = pair.key.scalar ?? ""
            if skip.contains(name) { continue }
            guard let spec = schema[name] else {
                diagnostics.append(unknown(name, at: pair.key.location, schema: schema, path: path))
                continue
            }
            if let typed = type(pair.value, as: spec, path: path + name, diagnostics: &diagnostics) {
                result[name] = typed
            }
        }
        for spec in schema.fields where result[spec.name] == nil && !skip.contains(spec.name) {
            if node?[spec.name] != nil { continue }   // present but invalid: already reported
            if let value = spec.defaultValue {
                result[spec.name] = TypedField(value, at: nil)
            } else if case .object(let fields) = spec.type, !spec.required {
                result[spec.name] = TypedField(.object(typeRecord(nil, schema: Schema(fields: fields), start: start,
                                                                  path: path + spec.name + ".", diagnostics: &diagnostics)),
                                               at: nil)
            } else if spec.required {
                diagnostics.error(
                    "missing required \(context.noun) '\(path + spec.name)' for \(context.owner)", at: start,
                    hint: context.noun == "argument" ? "add \(spec.name)=\"…\" (\(spec.expectation))"
                        : "add a line such as '\(spec.name): \(spec.placeholder)'"
                )
            }
        }
        return result
    }

    /// Types one value; nil after reporting a problem.
    func type(_ node: LocatedNode, as spec: FieldSpec, path: String, diagnostics: inout DiagnosticBag) -> TypedField? {
        if node.isNull {
            if spec.required && spec.defaultValue == nil {
                diagnostics.error("'\(path)' must be \(spec.expectation), found nothing", at: node.location)
                return nil
            }
            return TypedField(spec.defaultValue ?? .null, at: node.location)
        }
        switch spec.type {
        case .list(let element):
            return typeList(node, spec: spec, element: element, path: path, diagnostics: &diagnostics)
        case .object(let fields):
            guard node.pairs != nil else {
                diagnostics.error("'\(path)' must be a mapping of settings, found \(node.shortDescription)", at: node.location)
                return nil
            }
            let record = typeRecord(node, schema: Schema(fields: fields), start: node.location, path: path + ".",
                                    diagnostics: &diagnostics)
            return TypedField(.object(record), at: node.location)
        default:
            guard let text = node.scalar else {
                diagnostics.error("'\(path)' must be \(spec.expectation), found \(node.shortDescription)", at: node.location)
                return nil
            }
            if Self.isPlaceholder(node) {
                diagnostics.error("'\(path)' still holds the placeholder \(text)", at: node.location,
                                  hint: "replace it with \(spec.expectation)")
                return nil
            }
            do throws(Diagnostic) {
                let value = try typeScalar(text, node: node, spec: spec, path: path)
                return TypedField(value, at: node.location)
            } catch {
                diagnostics.append(error)
                return nil
            }
        }
    }

    /// `cellar new` writes required fields as `<what goes here>`: a plain scalar in angle brackets is
    /// never a value, so a half-written item cannot be published. (Quote it if you mean it.)
    static func isPlaceholder(_ node: LocatedNode) -> Bool {
        guard case .scalar(let text, .plain) = node.value, node.tag == nil else { return false }
        return text.count > 2 && text.hasPrefix("<") && text.hasSuffix(">")
    }

    // MARK: - Private

    private func typeList(
        _ node: LocatedNode, spec: FieldSpec, element: FieldType, path: String, diagnostics: inout DiagnosticBag
    ) -> TypedField? {
        let nodes = node.items ?? [node]   // a single value is a list of one
        var items: [TypedField] = []
        var failed = false
        let elementSpec = FieldSpec(name: spec.name, type: element, required: true)
        for (index, item) in nodes.enumerated() {
            let itemPath = nodes.count == 1 && node.items == nil ? path : "\(path)[\(index + 1)]"
            if let typed = type(item, as: elementSpec, path: itemPath, diagnostics: &diagnostics) {
                items.append(typed)
            } else {
                failed = true
            }
        }
        if failed { return nil }
        if let low = spec.minItems, items.count < low {
            diagnostics.error("'\(path)' needs at least \(low) item\(low == 1 ? "" : "s"), found \(items.count)",
                              at: node.location)
            return nil
        }
        if let high = spec.maxItems, items.count > high {
            diagnostics.error("'\(path)' allows at most \(high) item\(high == 1 ? "" : "s"), found \(items.count)",
                              at: node.location)
            return nil
        }
        return TypedField(.list(items), at: node.location)
    }

    private func typeScalar(_ text: String, node: LocatedNode, spec: FieldSpec, path: String) throws(Diagnostic) -> FieldValue {
        let plain = node.value == .scalar(text, style: .plain)
        func wrong(_ hint: String? = nil) -> Diagnostic {
            .error("'\(path)' must be \(spec.expectation), found \(node.shortDescription)", at: node.location, hint: hint)
        }
        func outOfRange(_ shown: String) -> Diagnostic {
            .error("'\(path)' must be \(spec.expectation), found \(shown)", at: node.location)
        }
        switch spec.type {
        case .string:
            try checkLength(text, spec: spec, node: node, path: path)
            return .string(text)
        case .text:
            try checkLength(text, spec: spec, node: node, path: path)
            return .html(context.markdown.renderInline(text), source: text)
        case .markdown:
            try checkLength(text, spec: spec, node: node, path: path)
            return .html(context.markdown.render(text).html, source: text)
        case .int:
            guard let value = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
                throw wrong()
            }
            if !plain { throw wrong("write the number without quotes") }
            if let low = spec.minimum, Double(value) < low { throw outOfRange(String(value)) }
            if let high = spec.maximum, Double(value) > high { throw outOfRange(String(value)) }
            return .int(value)
        case .number:
            guard let value = Double(text), value.isFinite, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" })
            else { throw wrong() }
            if !plain { throw wrong("write the number without quotes") }
            if let low = spec.minimum, value < low { throw outOfRange(text) }
            if let high = spec.maximum, value > high { throw outOfRange(text) }
            return .number(value)
        case .bool:
            switch plain ? text.lowercased() : "" {
            case "true", "yes", "on": return .bool(true)
            case "false", "no", "off": return .bool(false)
            default: throw wrong(plain ? nil : "write true or false without quotes")
            }
        case .date:
            guard let date = DateParser.parse(text, timeZone: context.timeZone) else {
                if let problem = DateParser.rangeProblem(text) {
                    throw .error("'\(path)' is not a date: \(problem), in \(node.shortDescription)", at: node.location)
                }
                throw wrong()
            }
            let seconds = date.timeIntervalSince1970
            if let low = spec.minimum, seconds < low { throw outOfRange(text) }
            if let high = spec.maximum, seconds > high { throw outOfRange(text) }
            return .date(date)
        case .url:
            guard URLCheck.isAcceptable(text) else {
                throw wrong(URLCheck.hasForbiddenScheme(text) ? "only http, https, mailto, tel and relative URLs are allowed" : nil)
            }
            return .url(text)
        case .image, .path:
            return .file(try fileReference(text, node: node, spec: spec, path: path))
        case .enumeration(let values):
            guard values.contains(text) else {
                throw .error(
                    "'\(path)' must be one of \(values.joined(separator: ", ")); found \(node.shortDescription)",
                    at: node.location, hint: Suggestion.closest(to: text, in: values).map { "did you mean '\($0)'?" }
                )
            }
            return .string(text)
        case .list, .object:
            throw wrong()
        }
    }

    private func checkLength(_ text: String, spec: FieldSpec, node: LocatedNode, path: String) throws(Diagnostic) {
        let count = text.count
        if let low = spec.minimum, Double(count) < low {
            throw .error("'\(path)' must be \(spec.expectation), found \(count) characters", at: node.location)
        }
        if let high = spec.maximum, Double(count) > high {
            throw .error("'\(path)' must be \(spec.expectation), found \(count) characters", at: node.location)
        }
    }

    private func fileReference(_ text: String, node: LocatedNode, spec: FieldSpec, path: String) throws(Diagnostic) -> FileReference {
        if URLCheck.isRemote(text) {
            guard spec.type == .image || spec.acceptsRemote else {
                throw .error("'\(path)' must be \(spec.expectation), found \(node.shortDescription)", at: node.location,
                             hint: "a 'path' field names a file of the site; declare it with 'remote: true' to take https URLs too, or use a 'url' field for links")
            }
            // Only the web's own schemes: an image or a video is fetched, never run (javascript:, data:…).
            guard ["http", "https"].contains(URLCheck.scheme(of: text) ?? "https"), URLCheck.isAcceptable(text.hasPrefix("//") ? "https:" + text : text) else {
                throw .error("'\(path)' must be \(spec.expectation), found \(node.shortDescription)", at: node.location,
                             hint: "a remote file is named by an https URL: https://example.org/x")
            }
            return FileReference(written: text, contentPath: nil, remoteURL: text)
        }
        guard let resolved = ContentReference.resolve(text, from: context.directory) else {
            throw .error("'\(path)' points outside the content folder: \(node.shortDescription)", at: node.location,
                         hint: "files must live under \(context.contentDisplayRoot)/")
        }
        guard context.contentFiles.contains(resolved) else {
            let noun = spec.type == .image ? "image" : "file"
            throw .error(
                "\(noun) '\(text)' for '\(path)' not found; looked for \(context.contentDisplayRoot)/\(resolved)",
                at: node.location,
                hint: text.hasPrefix("/") ? "paths starting with '/' are relative to \(context.contentDisplayRoot)/"
                    : "paths without a leading '/' are relative to the item's folder"
            )
        }
        return FileReference(written: text, contentPath: resolved, remoteURL: nil)
    }

    private func unknown(_ name: String, at location: SourceLocation, schema: Schema, path: String) -> Diagnostic {
        let names = schema.names
        if let suggestion = Suggestion.closest(to: name, in: names) {
            return .error("unknown \(context.noun) '\(path + name)' for \(context.owner); did you mean '\(path + suggestion)'?",
                          at: location)
        }
        return .error("unknown \(context.noun) '\(path + name)' for \(context.owner)", at: location,
                      hint: "known \(context.noun)s: " + names.joined(separator: ", "))
    }
}

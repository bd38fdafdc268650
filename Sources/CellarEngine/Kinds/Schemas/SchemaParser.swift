import CellarTree
import CellarDiagnostics
import CellarMarkdown
import CellarYAML
import Foundation

/// Reads schemas — kinds' `fields:` and Cellar's built-in settings schemas — from YAML.
package struct SchemaParser {
    var file: String
    var timeZone: TimeZone

    package init(file: String, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        self.file = file
        self.timeZone = timeZone
    }

    /// Reads a kind file: `label`, `description`, `page`, `fields`.
    func parseKind(_ root: LocatedNode?, name: String, common: Schema, diagnostics: inout DiagnosticBag) -> KindDefinition {
        var kind = KindDefinition(name: name, label: name.prefix(1).uppercased() + name.dropFirst(), description: nil,
                        hasPage: true, fields: Schema(fields: []), schema: common, file: file)
        guard let root else { return kind }
        guard let pairs = root.pairs else {
            diagnostics.error("a kind file must be a mapping with 'label', 'page' and 'fields', found \(root.shortDescription)",
                              at: root.location)
            return kind
        }
        var searchable: LocatedNode?
        for pair in pairs {
            let key = pair.key.scalar ?? ""
            switch key {
            case "label":
                kind.label = pair.value.scalar ?? kind.label
            case "searchable":
                searchable = pair.value
            case "description":
                kind.description = pair.value.scalar
            case "page":
                switch pair.value.scalar {
                case "true": kind.hasPage = true
                case "false": kind.hasPage = false
                default: diagnostics.error("'page' must be true or false, found \(pair.value.shortDescription)",
                                           at: pair.value.location)
                }
            case "fields":
                let own = parseFields(pair.value, diagnostics: &diagnostics)
                for field in own.fields {
                    if let commonField = common[field.name], !Self.compatible(commonField.type, field.type) {
                        diagnostics.error(
                            "'\(field.name)' is a common field of type \(commonField.type); a kind cannot make it \(field.type)",
                            at: field.location, hint: "choose another name for this field"
                        )
                    }
                }
                kind.fields = Self.resolvingAltFields(own, common: common, diagnostics: &diagnostics)
                kind.schema = kind.fields.merged(after: common)
            default:
                let known = ["label", "description", "page", "fields", "searchable"]
                diagnostics.error(
                    "unknown key '\(key)' in kind file" + Suggestion.didYouMean(key, in: known),
                    at: pair.key.location, hint: "a kind file has: " + known.joined(separator: ", ")
                )
            }
        }
        if let searchable { kind.searchable = SearchableFields.parse(searchable, schema: kind.schema, diagnostics: &diagnostics) ?? .standard }
        return kind
    }

    /// Reads a mapping of field name → spec.
    package func parseFields(_ node: LocatedNode, diagnostics: inout DiagnosticBag) -> Schema {
        guard let pairs = node.pairs else {
            if !node.isNull {
                diagnostics.error("'fields' must be a mapping of field name to type, found \(node.shortDescription)",
                                  at: node.location)
            }
            return Schema(fields: [])
        }
        var fields: [FieldSpec] = []
        for pair in pairs {
            let name = pair.key.scalar ?? ""
            guard Self.isValidName(name) else {
                diagnostics.error("'\(name)' is not a valid field name", at: pair.key.location,
                                  hint: "use letters, digits and '_', starting with a letter")
                continue
            }
            if let spec = parseSpec(name: name, pair.value, at: pair.key.location, diagnostics: &diagnostics) {
                fields.append(spec)
            }
        }
        return Schema(fields: fields)
    }

    // MARK: - Private

    private func parseSpec(name: String, _ node: LocatedNode, at location: SourceLocation,
                           diagnostics: inout DiagnosticBag) -> FieldSpec? {
        if node.pairs == nil {
            // Short form: `int`, `image?`, `[string]`.
            guard let (type, optional) = parseType(node, field: name, diagnostics: &diagnostics) else { return nil }
            if case .enumeration = type {
                diagnostics.error("enum field '\(name)' needs its values", at: node.location,
                                  hint: "write \(name): {type: enum, values: [a, b, c]}")
                return nil
            }
            return FieldSpec(name: name, type: type, required: !optional, location: location)
        }
        guard let typeNode = node["type"] else {
            diagnostics.error("field '\(name)' has no 'type'", at: node.location, hint: "add type: string (or int, date, …)")
            return nil
        }
        guard var (type, optional) = parseType(typeNode, field: name, diagnostics: &diagnostics) else { return nil }
        var spec = FieldSpec(name: name, type: type, required: !optional, location: location)
        var altLocation: SourceLocation?
        var remoteLocation: SourceLocation?
        let known = ["type", "required", "default", "min", "max", "min_items", "max_items", "values", "of", "fields",
                     "description", "label", "alt", "remote"]
        for pair in node.pairs ?? [] {
            let key = pair.key.scalar ?? ""
            let value = pair.value
            switch key {
            case "type": break
            case "required":
                guard let flag = value.scalar.flatMap(Bool.init) else {
                    diagnostics.error("'required' must be true or false", at: value.location)
                    continue
                }
                spec.required = flag && !optional
                optional = optional || !flag
            case "description": spec.description = value.scalar
            case "label":
                guard let label = value.scalar, !value.isNull else {
                    diagnostics.error("'label' must be text, found \(value.shortDescription)", at: value.location)
                    continue
                }
                spec.label = label
            case "alt":
                guard let field = value.scalar, Self.isValidName(field) else {
                    diagnostics.error("'alt' must name the field that holds the image's alt text, found \(value.shortDescription)",
                                      at: value.location)
                    continue
                }
                spec.altField = field
                altLocation = value.location
            case "remote":
                guard let flag = value.scalar.flatMap(Bool.init) else {
                    diagnostics.error("'remote' must be true or false", at: value.location)
                    continue
                }
                spec.acceptsRemote = flag
                remoteLocation = value.location
            case "values":
                var items = value.items?.compactMap(\.scalar) ?? []
                if let pairs = value.pairs {
                    for pair in pairs {
                        guard let key = pair.key.scalar else { continue }
                        items.append(key)
                        if let label = pair.value.scalar, !pair.value.isNull { spec.valueLabels[key] = label }
                    }
                }
                guard !items.isEmpty else {
                    diagnostics.error("'values' must be a list of the allowed values, or a mapping of each value to its label",
                                      at: value.location)
                    continue
                }
                if case .list(.enumeration) = type { type = .list(.enumeration(items)) } else { type = .enumeration(items) }
            case "of":
                guard let (element, _) = parseType(value, field: name, diagnostics: &diagnostics) else { continue }
                type = .list(element)
            case "fields":
                type = .object(parseFields(value, diagnostics: &diagnostics).fields)
            case "min", "max":
                guard let bound = parseBound(value, for: type, diagnostics: &diagnostics) else { continue }
                if key == "min" { spec.minimum = bound } else { spec.maximum = bound }
            case "min_items", "max_items":
                guard let count = value.scalar.flatMap(Int.init), count >= 0 else {
                    diagnostics.error("'\(key)' must be a whole number", at: value.location)
                    continue
                }
                if key == "min_items" { spec.minItems = count } else { spec.maxItems = count }
            case "default": break
            default:
                diagnostics.error(
                    "unknown key '\(key)' for field '\(name)'" + Suggestion.didYouMean(key, in: known),
                    at: pair.key.location, hint: "a field may have: " + known.joined(separator: ", ")
                )
            }
        }
        if case .enumeration(let values) = type, values.isEmpty {
            diagnostics.error("enum field '\(name)' needs its values", at: typeNode.location, hint: "add values: [a, b, c]")
            return nil
        }
        spec.type = type
        if spec.altField != nil, type != .image, type != .list(.image) {
            diagnostics.error("'alt' is for image fields; '\(name)' is \(type)", at: altLocation)
            spec.altField = nil
        }
        if spec.acceptsRemote, type != .path {
            diagnostics.error("'remote' is for path fields ('image' fields take https URLs already); '\(name)' is \(type)",
                              at: remoteLocation)
            spec.acceptsRemote = false
        }
        if let defaultNode = node["default"] {
            let typer = FieldTyper(context: TypingContext(
                owner: "the default of '\(name)'", timeZone: timeZone, markdown: MarkdownRenderer(),
                contentFiles: ContentFileSet(), directory: "", contentDisplayRoot: "content"))
            var required = spec
            required.required = true
            if let value = typer.type(defaultNode, as: required, path: name, diagnostics: &diagnostics) {
                spec.defaultValue = value.value
                spec.required = false
            }
        }
        return spec
    }

    /// `int` → (.int, required); `image?` → (.image, optional); `[string]` → (.list(.string), required).
    private func parseType(_ node: LocatedNode, field: String, diagnostics: inout DiagnosticBag) -> (FieldType, Bool)? {
        if let items = node.items {
            guard items.count == 1, let (element, _) = parseType(items[0], field: field, diagnostics: &diagnostics) else {
                diagnostics.error("a list type names one element type, like [string]", at: node.location)
                return nil
            }
            return (.list(element), false)
        }
        guard var text = node.scalar?.trimmingCharacters(in: .whitespaces) else {
            diagnostics.error("the type of '\(field)' must be a name such as string or int", at: node.location)
            return nil
        }
        var optional = false
        if text.hasSuffix("?") {
            optional = true
            text.removeLast()
        }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = LocatedNode(.scalar(String(text.dropFirst().dropLast()), style: .plain), at: node.location)
            guard let (element, _) = parseType(inner, field: field, diagnostics: &diagnostics) else { return nil }
            return (.list(element), optional)
        }
        if let type = FieldType.scalarNames[text] { return (type, optional) }
        switch text {
        case "enum": return (.enumeration([]), optional)
        case "list": return (.list(.string), optional)
        case "object": return (.object([]), optional)
        default:
            let aliases = ["integer": "int", "float": "number", "double": "number", "boolean": "bool", "str": "string",
                           "datetime": "date", "link": "url", "file": "path", "img": "image"]
            let suggestion = aliases[text] ?? Suggestion.closest(to: text, in: FieldType.allNames)
            diagnostics.error(
                "unknown type '\(text)' for field '\(field)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                at: node.location, hint: "types: " + FieldType.allNames.joined(separator: ", ")
            )
            return nil
        }
    }

    private func parseBound(_ node: LocatedNode, for type: FieldType, diagnostics: inout DiagnosticBag) -> Double? {
        guard let text = node.scalar else { return nil }
        if type == .date {
            guard let date = DateParser.parse(text, timeZone: timeZone) else {
                diagnostics.error("a date bound must be a date such as 2020-01-31, found \(node.shortDescription)",
                                  at: node.location)
                return nil
            }
            return date.timeIntervalSince1970
        }
        guard let value = Double(text), value.isFinite else {
            diagnostics.error("'min' and 'max' must be numbers, found \(node.shortDescription)", at: node.location)
            return nil
        }
        return value
    }

    /// Checks each image field's `alt:` against the kind's fields, and gives `cover` the field
    /// `cover_alt` when the kind has one and says nothing.
    static func resolvingAltFields(_ own: Schema, common: Schema, diagnostics: inout DiagnosticBag) -> Schema {
        let all = own.merged(after: common)
        var fields = own.fields
        for index in fields.indices {
            let spec = fields[index]
            if TemplateValues.reservedFieldNames.contains(spec.name) {
                diagnostics.error("'\(spec.name)' is a value every item has; a kind cannot have a field of that name",
                                  at: spec.location, hint: "choose another name for this field")
            }
            guard spec.type == .image || spec.type == .list(.image) else { continue }
            guard let name = spec.altField else {
                if let conventional = all[spec.name + "_alt"], conventional.type.isTextual { fields[index].altField = conventional.name }
                continue
            }
            guard let alt = all[name], alt.type.isTextual else {
                let candidates = all.fields.filter { $0.type.isTextual }.map(\.name)
                diagnostics.error(
                    "'alt' of '\(spec.name)' names '\(name)', which is not a text field of this kind"
                        + Suggestion.didYouMean(name, in: candidates),
                    at: spec.location, hint: "add a field such as \(spec.name)_alt: string? and name it here")
                fields[index].altField = nil
                continue
            }
            fields[index].altField = alt.name
        }
        return Schema(fields: fields)
    }

    static func compatible(_ common: FieldType, _ own: FieldType) -> Bool {
        common == own || (common == .string && own.isTextual)
    }

    static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }
}

import CellarDiagnostics
import CellarMarkdown
import CellarTree
import Foundation

/// Derives a ``KindDefinition`` from a Swift ``Kind``: the fields its decoding asks for
/// (``SchemaProbe``), with the details of ``Kind/fields``, checked by the rules a theme's
/// `kinds/<name>.yml` is checked by — so both ways of declaring a kind type front matter, list
/// it and scaffold it the same way.
struct SwiftKindSchema {
    var type: any Kind.Type
    /// Where the kind is registered, for problems with its declaration.
    var location: SourceLocation

    func definition(diagnostics: inout DiagnosticBag) -> KindDefinition? {
        let typeName = KindNaming.typeName(type)
        let name = type.name
        guard SchemaParser.isValidName(name) else {
            diagnostics.error("'\(name)' is not a valid kind name (Swift kind \(typeName))", at: location,
                              hint: "name kinds with letters, digits and '_', starting with a letter: static let name = \"…\"")
            return nil
        }
        var details: [String: KindField] = [:]
        for field in type.fields {
            if details[field.name] != nil {
                diagnostics.error("\(typeName).fields describes '\(field.name)' twice", at: location)
            }
            details[field.name] = field
        }
        let probed: [SchemaProbe.ProbedField]
        do throws(SchemaProbe.Failure) {
            probed = try SchemaProbe(details: details).fields(of: type)
        } catch {
            diagnostics.error(error.message + " (Swift kind '\(name)')", at: location, hint: error.hint)
            return nil
        }
        let errorsBefore = diagnostics.errorCount
        let common = BuiltinSchemas.common
        var own: [FieldSpec] = []
        var commonOverrides: [FieldSpec] = []
        for field in probed {
            var spec = FieldSpec(name: field.name, type: field.type, required: field.required, location: location)
            if let commonSpec = common[field.name] {
                guard SchemaParser.compatible(commonSpec.type, field.type) else {
                    diagnostics.error(
                        "'\(field.name)' is a common field of type \(commonSpec.type); a kind cannot make it \(field.type)",
                        at: location, hint: "in \(typeName), give the property the type of the common field, or choose another name")
                    continue
                }
                if commonSpec.type == field.type, details[field.name] == nil {
                    // Read through the kind, typed as every kind types it; required if the property must be there.
                    if field.required && !commonSpec.required && commonSpec.defaultValue == nil {
                        var required = commonSpec
                        required.required = true
                        commonOverrides.append(required)
                    }
                    continue
                }
                spec.description = commonSpec.description
            }
            apply(details, to: &spec, path: field.name, diagnostics: &diagnostics)
            own.append(spec)
        }
        let known = Self.paths(own + common.fields.filter { field in probed.contains { $0.name == field.name } })
        for field in type.fields where !known.contains(field.name) {
            diagnostics.error(
                "\(typeName).fields describes '\(field.name)', which \(typeName) does not decode"
                    + Suggestion.didYouMean(field.name, in: known),
                at: location, hint: "fields of \(typeName): " + probed.map(\.name).joined(separator: ", "))
        }
        let fields = SchemaParser.resolvingAltFields(Schema(fields: own), common: common, diagnostics: &diagnostics)
        guard diagnostics.errorCount == errorsBefore else { return nil }
        var schema = fields.merged(after: common)
        for override in commonOverrides {
            if let index = schema.fields.firstIndex(where: { $0.name == override.name }) { schema.fields[index] = override }
        }
        return KindDefinition(
            name: name, label: type.label, description: type.description.isEmpty ? nil : type.description, hasPage: type.hasPage,
            fields: fields, schema: schema, file: location.file, line: location.line, swiftType: SwiftKindType(type))
    }

    // MARK: - Private

    /// Applies the ``KindField`` of `path` (and of its members, for objects) to `spec`.
    private func apply(_ details: [String: KindField], to spec: inout FieldSpec, path: String, diagnostics: inout DiagnosticBag) {
        if case .object(var members) = spec.type {
            for index in members.indices {
                apply(details, to: &members[index], path: path + "." + members[index].name, diagnostics: &diagnostics)
            }
            spec.type = .object(members)
        }
        guard let detail = details[path] else { return }
        spec.description = detail.description ?? spec.description
        spec.label = detail.label
        spec.minimum = detail.minimum
        spec.maximum = detail.maximum
        spec.minItems = detail.minimumItems
        spec.maxItems = detail.maximumItems
        spec.altField = detail.alt
        let values: [String] = switch spec.type {
        case .enumeration(let values), .list(.enumeration(let values)): values
        default: []
        }
        for (value, label) in detail.valueLabels.sorted(by: { $0.key < $1.key }) {
            guard values.contains(value) else {
                diagnostics.error(
                    "the label of '\(value)' for '\(path)' names no value of the field"
                        + Suggestion.didYouMean(value, in: values),
                    at: location, hint: values.isEmpty ? "only enum fields have value labels" : "values: " + values.joined(separator: ", "))
                continue
            }
            spec.valueLabels[value] = label
        }
        if let text = detail.defaultValue {
            let typer = FieldTyper(context: TypingContext(
                owner: "the default of '\(path)'", timeZone: TimeZone(identifier: "UTC") ?? .current, markdown: MarkdownRenderer(),
                contentFiles: ContentFileSet(), directory: "", contentDisplayRoot: "content"))
            var required = spec
            required.required = true
            let style: LocatedNode.ScalarStyle = spec.type.isTextual ? .doubleQuoted : .plain
            let node = LocatedNode(.scalar(text, style: style), at: location)
            if let value = typer.type(node, as: required, path: path, diagnostics: &diagnostics) {
                spec.defaultValue = value.value
                spec.required = false
            }
        }
    }

    /// Every field's dotted path: `links`, `links.outside`.
    private static func paths(_ fields: [FieldSpec], prefix: String = "") -> [String] {
        fields.flatMap { field -> [String] in
            var type = field.type
            while case .list(let element) = type { type = element }
            let members: [String] = if case .object(let inner) = type { paths(inner, prefix: prefix + field.name + ".") } else { [] }
            return [prefix + field.name] + members
        }
    }
}

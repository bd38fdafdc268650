@testable import CellarAuthoring
@testable import CellarEngine
import Foundation
import Testing

/// The manual's "Settings and fields" list is written from the schemas Cellar checks settings and
/// front matter with: one item of the kind `option` per setting or field, so the manual can never
/// name a setting the code does not know or miss one it does.
@Suite struct SettingsReferenceTests {
    static let folder = "docs/content/options"

    @Test func theManualListsEverySettingAndFieldAsTheSchemasDeclareThem() throws {
        var files: [String: String] = [:]
        var weight = 0
        for (scope, schema) in [("site", BuiltinSchemas.site), ("section", BuiltinSchemas.section), ("item", BuiltinSchemas.common)] {
            for (name, spec) in Self.flattened(schema.fields) {
                weight += 10
                files["\(scope)-\(Slug.make(name)).md"] = Self.option(name: name, spec: spec, scope: scope, weight: weight)
            }
        }
        try GeneratedDocs.expectFiles(in: Self.folder, owned: { $0.hasSuffix(".md") && $0 != "_index.md" }, toBe: files,
                                      test: "SettingsReferenceTests")
    }

    /// Every field, with those of an `object` after it as `parent.child`.
    private static func flattened(_ fields: [FieldSpec], prefix: String = "") -> [(String, FieldSpec)] {
        fields.flatMap { spec -> [(String, FieldSpec)] in
            let name = prefix + spec.name
            if case .object(let children) = spec.type { return [(name, spec)] + flattened(children, prefix: name + ".") }
            return [(name, spec)]
        }
    }

    private static func option(name: String, spec: FieldSpec, scope: String, weight: Int) -> String {
        let summary = FieldSummary(spec)
        var lines = ["---", "title: \(YAMLText.scalar(name))", "scope: \(scope)"]
        lines.append("value_type: \(YAMLText.scalar(Self.typeText(spec.type)))")
        if let value = summary.defaultValue { lines.append("default: \(YAMLText.scalar(value))") }
        if spec.required && spec.defaultValue == nil { lines.append("required: true") }
        if let bounds = summary.bounds { lines.append("range: \(YAMLText.scalar(bounds))") }
        lines.append("weight: \(weight)")
        if let description = summary.description { lines.append("summary: \(YAMLText.scalar(description))") }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The type as `cellar kinds` writes it: `int`, `[string]`, `enum: asc | desc`.
    private static func typeText(_ type: FieldType) -> String {
        FieldSummary.typeText(type, optional: false)
    }
}

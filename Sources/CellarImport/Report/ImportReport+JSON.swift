import CellarDiagnostics
import Foundation

extension ImportReport {
    /// The report as `import-report.json`: keys sorted, one object per note with its place split
    /// into `file`, `line` and `column` (null when it has none), as `cellar check --format json` does.
    package var json: String {
        let document = Document(
            generator: dialect.rawValue, source: source, destination: destination,
            counts: Dictionary(uniqueKeysWithValues: ImportCount.allCases.map { ($0.rawValue, self[$0]) }),
            droppedFields: droppedFields, keptFields: keptFields, outside: outside,
            incomplete: isIncomplete,
            notes: notes.map { note in
                Note(action: note.action.rawValue, topic: note.topic.rawValue, message: note.message,
                     file: note.location?.file, line: note.location?.line, column: note.location?.column, hint: note.hint)
            },
            check: check.map { summary in
                Check(builds: summary.builds, errors: summary.errors, warnings: summary.warnings,
                      diagnostics: summary.diagnostics.map { diagnostic in
                          Note(action: diagnostic.severity.rawValue, topic: "check", message: diagnostic.message,
                               file: diagnostic.location?.file, line: diagnostic.location?.line,
                               column: diagnostic.location?.column, hint: diagnostic.hint)
                      })
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private struct Document: Encodable {
        var generator, source, destination: String
        var counts: [String: Int]
        var droppedFields: [String: Int]
        var keptFields: [String: String]
        var outside: [String]
        var incomplete: Bool
        var notes: [Note]
        var check: Check?

        enum CodingKeys: String, CodingKey {
            case generator, source, destination, counts, outside, incomplete, notes, check
            case droppedFields = "dropped_fields"
            case keptFields = "kept_fields"
        }
    }

    private struct Note: Encodable {
        var action, topic, message: String
        var file: String?
        var line, column: Int?
        var hint: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(action, forKey: .action)
            try container.encode(topic, forKey: .topic)
            try container.encode(message, forKey: .message)
            try container.encode(file, forKey: .file)   // null, not absent
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(hint, forKey: .hint)
        }

        enum CodingKeys: String, CodingKey { case action, topic, message, file, line, column, hint }
    }

    private struct Check: Encodable {
        var builds: Bool
        var errors, warnings: Int
        var diagnostics: [Note]
    }
}

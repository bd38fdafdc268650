@testable import CellarAuthoring
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `cellar kinds --json-schema DIR`: one draft-07 schema per kind, keys in a stable order.
@Suite struct JSONSchemaWriterTests {
    private func catalog() throws -> KindCatalog {
        let site = try TemporarySite.scaffolded()
        return try KindCatalog.load(options: site.options())
    }

    @Test func theReviewSchemaDescribesTheWholeFrontMatter() throws {
        let review = try #require(try catalog()["review"])
        let schema = JSONSchemaWriter.schema(for: review.kind)
        #expect(schema.keys == ["$schema", "title", "description", "type", "properties", "required", "additionalProperties"])
        #expect(schema["$schema"] == .string("http://json-schema.org/draft-07/schema#"))
        #expect(schema["title"] == .string("Review"))
        #expect(schema["additionalProperties"] == .bool(false))
        #expect(schema["required"] == .array([.string("title"), .string("rating")]))
        let properties = try #require(schema["properties"])
        #expect(properties.keys == ["title", "date", "updated", "kind", "slug", "tags", "draft", "summary", "weight",
                                    "aliases", "expires", "language", "translation_key", "rating", "poster", "verdict", "subject", "year", "by"])
        #expect(properties["rating"]?.compact == #"{"type": "integer", "minimum": 0, "maximum": 10, "description": "Score out of ten"}"#)
        #expect(properties["verdict"]?.compact == #"{"type": "string", "enum": ["must-see", "good", "skip"], "description": "The short answer"}"#)
        #expect(properties["year"]?["minimum"] == .number(1800))
        #expect(properties["kind"]?["const"] == .string("review"))
        #expect(properties["draft"]?.compact == #"{"type": "boolean", "description": "Drafts are built only with --drafts", "default": false}"#)
        #expect(properties["tags"]?["items"] == .object([("type", .string("string"))]))
        #expect(properties["date"]?["pattern"] == .string(JSONSchemaWriter.datePattern))
    }

    @Test func listsBoundsAndDefaultsAreKept() throws {
        let catalog = try catalog()
        let release = try #require(catalog["release"]).kind
        let properties = try #require(JSONSchemaWriter.schema(for: release)["properties"])
        #expect(properties["changes"]?.compact
                == #"{"type": "array", "items": {"type": "string"}, "minItems": 1, "description": "What changed, one line each (inline Markdown)"}"#)
        #expect(properties["version"]?["maxLength"] == .number(40))
        #expect(properties["download"]?["format"] == .string("uri-reference"))
        #expect(properties["breaking"]?["default"] == .bool(false))
        #expect(JSONSchemaWriter.schema(for: release)["required"] == .array([.string("title"), .string("version"), .string("changes")]))
    }

    @Test func oneFileIsWrittenPerKind() throws {
        let site = try TemporarySite.scaffolded()
        let catalog = try KindCatalog.load(options: site.options())
        let written = try JSONSchemaWriter.write(catalog, to: site.root + "/schemas")
        #expect(written.map { ($0 as NSString).lastPathComponent } == [
            "article.schema.json", "link.schema.json", "note.schema.json", "page.schema.json", "photo.schema.json", "quote.schema.json",
            "release.schema.json", "review.schema.json", "setting.schema.json", "video.schema.json",
        ])
        let text = try site.read("schemas/review.schema.json")
        #expect(text.hasPrefix("{\n  \"$schema\": \"http://json-schema.org/draft-07/schema#\",\n  \"title\": \"Review\",\n"))
        #expect(text.contains("\n  \"required\": [\"title\", \"rating\"],\n  \"additionalProperties\": false\n}\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect((parsed?["properties"] as? [String: Any])?.count == 19)
    }
}

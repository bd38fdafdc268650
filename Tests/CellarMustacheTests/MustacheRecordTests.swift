@testable import CellarMustache
import Testing

/// ``MustacheRecord``: a small hash that looks keys up without hashing them, and renders exactly as
/// the same `.object` does.
@Suite struct MustacheRecordTests {
    /// Every way a template uses a hash: keys, dotted names, sections over it and inside it,
    /// inverted sections, falling through to outer names, `.null` not falling through, printing it.
    static let templates = [
        "{{title}} {{rating}} {{{html}}} {{html}}",
        "{{#review}}{{title}}/{{site}}/{{poster}}|{{/review}}{{^review}}none{{/review}}",
        "{{review.title}} {{review.cast.0}} {{#review.cast}}<{{.}}>{{/review.cast}}",
        "[{{review}}] [{{empty}}] {{#empty}}truthy{{/empty}}{{^empty}}falsy{{/empty}}",
        "{{#list}}{{name}}:{{title}},{{/list}}",
        "{{is_multilingual}} {{has_own_language}} {{has_subsections}} {{a}} {{b}}",
    ]

    /// The same values as an `.object` tree and as a record tree.
    static func context(record: Bool) -> MustacheValue {
        func hash(_ pairs: KeyValuePairs<String, MustacheValue>) -> MustacheValue {
            if record {
                var result = MustacheRecord()
                for (key, value) in pairs { result[key] = value }
                return .record(result)
            }
            return .object(Dictionary(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) }))
        }
        return hash([
            "title": "Site", "rating": 3, "html": .html("<b>x</b>"), "site": "Cellar", "poster": "outer",
            "review": hash(["title": "Dune", "poster": .null, "cast": ["Paul", "Chani"]]),
            "empty": hash([:]),
            "list": [hash(["name": "a"]), hash(["name": "b", "title": "B"])],
            // Keys of one length that differ, and keys too long for Swift's small strings.
            "is_multilingual": true, "has_own_language": false, "has_subsections": 1, "a": "A", "b": "B",
        ])
    }

    @Test(arguments: templates) func rendersAsTheSameObjectDoes(_ source: String) throws {
        let template = try MustacheTemplate(source: source, name: "test")
        #expect(try template.render(Self.context(record: true)) == template.render(Self.context(record: false)))
    }

    @Test func rendersTheValuesItHolds() {
        expectRender("{{#review}}{{title}}/{{site}}/[{{poster}}]{{/review}} {{has_own_language}}", Self.context(record: true),
                     "Dune/Cellar/[] false")
    }

    @Test func theLastValueOfARepeatedKeyWins() {
        let record: MustacheRecord = ["a": 1, "b": 2, "a": 3]
        #expect(record.keys == ["a", "b"])
        #expect(record["a"]?.interpolatedText == "3")
    }

    @Test func settingReplacesAddsAndRemoves() {
        var record: MustacheRecord = ["title": "A", "url": "/a/"]
        record["title"] = "B"
        record["count"] = 2
        record["url"] = nil
        #expect(record.keys == ["title", "count"])
        #expect(record["title"]?.interpolatedText == "B")
        #expect(record["url"] == nil)
        #expect(record.mustacheValue(forKey: "count")?.interpolatedText == "2")
        #expect(record.mustacheValue(forKey: "Title") == nil)
    }

    @Test func mergingKeepsTheOrderAndTakesTheOtherValues() {
        var record: MustacheRecord = ["name": "n", "text": "old"]
        record.merge(["text": "new", "is_text": true])
        #expect(record.keys == ["name", "text", "is_text"])
        #expect(record["text"]?.interpolatedText == "new")
    }
}

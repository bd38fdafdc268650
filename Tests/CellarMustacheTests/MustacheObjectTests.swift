import CellarMustache
import Foundation
import Testing

/// Swift values rendered through ``MustacheObject`` without copying them into dictionaries.
@Suite struct MustacheObjectTests {
    struct Review: MustacheObject {
        var title: String
        var rating: Int
        var cast: [String]

        func mustacheValue(forKey key: String) -> MustacheValue? {
            switch key {
            case "title": .string(title)
            case "rating": .int(rating)
            case "cast": .list(cast.map { .string($0) })
            case "poster": .null
            default: nil
            }
        }
    }

    struct Day: MustacheObject {
        var iso: String
        var mustacheInterpolation: MustacheValue? { .string(iso) }
        func mustacheValue(forKey key: String) -> MustacheValue? { key == "iso" ? .string(iso) : nil }
    }

    struct Flag: MustacheObject {
        var on: Bool
        var mustacheIsTruthy: Bool { on }
        func mustacheValue(forKey key: String) -> MustacheValue? { nil }
    }

    struct Shelf: MustacheObject {
        var books: [String]
        var mustacheListElements: [MustacheValue]? { books.map { .string($0) } }
        func mustacheValue(forKey key: String) -> MustacheValue? { key == "count" ? .int(books.count) : nil }
    }

    /// Answers `{{words.count}}` with what `count` resolves to where the tag is.
    struct Words: MustacheObject {
        func mustacheValue(forKey key: String) -> MustacheValue? { nil }
        func mustacheValue(forKey key: String, in scope: MustacheScope) -> MustacheValue? {
            guard let value = scope.text(key) else { return .string("?") }
            return .string(value == "1" ? "1 word" : "\(value) words")
        }
    }

    let dune = MustacheValue.custom(Review(title: "Dune", rating: 9, cast: ["Paul", "Chani"]))

    @Test func keysAreAnsweredByTheObject() {
        expectRender("{{title}} {{rating}}/10: {{#cast}}{{.}} {{/cast}}", dune, "Dune 9/10: Paul Chani ")
    }

    @Test func objectsMayReadTheNamesVisibleWhereTheTagIs() {
        let context: MustacheValue = ["t": .custom(Words()), "count": 9, "items": [["count": 1], ["title": "x"]]]
        expectRender("{{t.count}}|{{#items}}{{t.count}},{{/items}}|{{t.nothing}}", context, "9 words|1 word,9 words,|?")
    }

    @Test func unknownKeysFallThroughToOuterContexts() {
        expectRender("{{#review}}{{title}} on {{site}}{{/review}}", ["site": "Cellar", "review": dune], "Dune on Cellar")
    }

    @Test func knownKeysWithNullDoNotFallThrough() {
        expectRender("{{#review}}[{{poster}}]{{/review}}", ["poster": "outer", "review": dune], "[]")
    }

    @Test func objectsWithoutAnInterpolationPrintNothing() {
        expectRender("[{{review}}]", ["review": dune], "[]")
    }

    @Test func objectsMayPrintThemselves() {
        let day = MustacheValue.custom(Day(iso: "2025-03-01"))
        expectRender("{{date}} {{date.iso}} {{#date}}{{iso}}{{/date}}", ["date": day], "2025-03-01 2025-03-01 2025-03-01")
    }

    @Test func objectsDecideTheirTruthiness() {
        expectRender("{{#f}}on{{/f}}{{^f}}off{{/f}}", ["f": .custom(Flag(on: false))], "off")
        expectRender("{{#f}}on{{/f}}{{^f}}off{{/f}}", ["f": .custom(Flag(on: true))], "on")
    }

    @Test func objectsMayIterateLikeLists() {
        expectRender("{{#shelf}}<{{.}}>{{/shelf}}{{^empty}}none{{/empty}} {{shelf.count}}",
                     ["shelf": .custom(Shelf(books: ["a", "b"])), "empty": .custom(Shelf(books: []))], "<a><b>none 2")
    }

    @Test func objectsAreTheRootContextToo() throws {
        let template = try MustacheTemplate(source: "<h2>{{title}}</h2>", name: "cell")
        #expect(try template.render(dune) == "<h2>Dune</h2>")
    }
}

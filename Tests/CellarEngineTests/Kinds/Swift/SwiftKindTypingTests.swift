@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// The minimal theme's `review` kind, declared in Swift.
struct SwiftReview: Kind {
    enum Verdict: String, Decodable, CaseIterable, Sendable { case mustSee = "must-see", good, skip }

    var rating: Int
    var poster: ImagePath?
    var verdict: Verdict
    var cast: [String]?
    var released: Date?
    var country: String?

    static let name = "review"
    static let fields = [
        KindField("rating", description: "Score out of ten", minimum: 0, maximum: 10),
        KindField("verdict", default: "good"),
    ]
}

/// Front matter with every kind of mistake typing finds, each reported the same way whether the
/// kind is a theme's YAML schema or a Swift type.
@Suite struct SwiftKindTypingTests {
    static let mistakes = [
        "content/reviews/wrong-type.md": "---\ntitle: Wrong type\nrating: ten\n---\n",
        "content/reviews/out-of-range.md": "---\ntitle: Out of range\nrating: 11\n---\n",
        "content/reviews/typo.md": "---\ntitle: Typo\nratng: 5\nrating: 5\n---\n",
        "content/reviews/enum.md": "---\ntitle: Enum\nrating: 5\nverdict: must_see\n---\n",
        "content/reviews/missing.md": "---\ntitle: Missing\nverdict: skip\n---\n",
        "content/reviews/list.md": "---\ntitle: List\nrating: 5\ncast: [Ann, {name: Bob}]\n---\n",
        "content/reviews/date.md": "---\ntitle: Date\nrating: 5\nreleased: 2024-13-01\n---\n",
        "content/reviews/common.md": "---\ntitle: \"\"\nrating: 5\ndraft: maybe\n---\n",
    ]

    @Test func aSwiftKindReportsEveryMistakeWordForWordAsTheYAMLKindItReplaces() async throws {
        let site = try TemporarySite(fixture: "cinema", files: Self.mistakes)
        let yaml = await site.diagnostics()
        let swift = await site.diagnostics(kinds: site.swiftKinds { $0.register(kind: SwiftReview.self) })
        #expect(swift == yaml)
        #expect(yaml == [
            "content/reviews/common.md:2:8: error: 'title' must be text of at least 1 character, found 0 characters",
            "content/reviews/common.md:4:8: error: 'draft' must be true or false, found \"maybe\"",
            "content/reviews/date.md:4:11: error: 'released' is not a date: the month 13 is out of range (01 to 12), in \"2024-13-01\"",
            "content/reviews/enum.md:4:10: error: 'verdict' must be one of must-see, good, skip; found \"must_see\"\n  hint: did you mean 'must-see'?",
            "content/reviews/list.md:4:13: error: 'cast[2]' must be text, found a mapping",
            "content/reviews/missing.md:1:1: error: missing required field 'rating' for kind 'review'\n  hint: add a line such as 'rating: <integer from 0 to 10>'",
            "content/reviews/out-of-range.md:3:9: error: 'rating' must be an integer from 0 to 10, found 11",
            "content/reviews/typo.md:3:1: error: unknown field 'ratng' for kind 'review'; did you mean 'rating'?",
            "content/reviews/wrong-type.md:3:9: error: 'rating' must be an integer from 0 to 10, found \"ten\"",
        ])
    }

    @Test func aSwiftKindOfItsOwnIsTypedLikeTheSameKindWrittenInYAML() async throws {
        struct Gadget: Kind {
            var price: Double
            var tags: [String]?
            var colours: [Colour]
            var maker: Maker?
            enum Colour: String, Decodable, CaseIterable { case red, green, blue }
            struct Maker: Decodable { var name: String; var founded: Int? }
            static let fields = [KindField("price", minimum: 0), KindField("colours", minimumItems: 1)]
        }
        let content = [
            "content/gadgets/_index.md": Fixture.section("Gadgets", kind: "gadget"),
            "content/gadgets/a.md": "---\ntitle: A\nprice: -1\ncolours: [red, purple]\nmaker: {name: Acme, founded: soon, city: Paris}\n---\n",
            "content/gadgets/b.md": "---\ntitle: B\nprice: 3\ncolours: []\nmaker: Acme\n---\n",
        ]
        let yamlKind = """
            label: Gadget
            page: true
            fields:
              price: {type: number, min: 0}
              colours: {type: "[enum]", values: [red, green, blue], min_items: 1}
              maker: {type: object, required: false, fields: {name: string, founded: int?}}
            """
        let yamlSite = try TemporarySite(fixture: "cinema", files: content.merging([
            "themes/default/kinds/gadget.yml": yamlKind,
            "themes/default/cells/gadget.html": "<li>{{title}}</li>\n",
        ]) { $1 })
        let swiftSite = try TemporarySite(fixture: "cinema", files: content.merging([
            "themes/default/cells/gadget.html": "<li>{{title}}</li>\n",
        ]) { $1 })
        let yaml = await yamlSite.diagnostics()
        let swift = await swiftSite.diagnostics(kinds: swiftSite.swiftKinds { $0.register(kind: Gadget.self) })
        #expect(swift == yaml)
        #expect(yaml == [
            "content/gadgets/a.md:3:8: error: 'price' must be a number of at least 0, found -1",
            "content/gadgets/a.md:4:16: error: 'colours[2]' must be one of red, green, blue; found \"purple\"",
            "content/gadgets/a.md:5:30: error: 'maker.founded' must be an integer, found \"soon\"",
            "content/gadgets/a.md:5:36: error: unknown field 'maker.city' for kind 'gadget'\n  hint: known fields: name, founded",
            "content/gadgets/b.md:4:10: error: 'colours' needs at least 1 item, found 0",
            "content/gadgets/b.md:5:8: error: 'maker' must be a mapping of settings, found \"Acme\"",
        ])
    }

    @Test func aCheckInTheKindsOwnInitIsReportedAtTheValueItIsAbout() async throws {
        struct Event: Kind {
            var starts: Date
            var ends: Date
            var seats: Int
            enum CodingKeys: String, CodingKey { case starts, ends, seats }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                starts = try container.decode(Date.self, forKey: .starts)
                ends = try container.decode(Date.self, forKey: .ends)
                seats = try container.decode(Int.self, forKey: .seats)
                guard ends >= starts else {
                    throw DecodingError.dataCorruptedError(forKey: .ends, in: container, debugDescription: "must not be before 'starts'")
                }
                guard seats % 2 == 0 else {
                    throw DecodingError.dataCorruptedError(forKey: .seats, in: container, debugDescription: "must be even: seats go in pairs")
                }
            }
        }
        let site = try TemporarySite(fixture: "cinema", files: [
            "content/events/_index.md": Fixture.section("Events", kind: "event"),
            "content/events/a.md": "---\ntitle: A\nstarts: 2024-05-02\nends: 2024-05-01\nseats: 10\n---\n",
            "content/events/b.md": "---\ntitle: B\nstarts: 2024-05-01\nends: 2024-05-01\nseats: 7\n---\n",
            "content/events/c.md": "---\ntitle: C\nstarts: 2024-05-01\nends: 2024-05-02\nseats: 8\n---\n",
            "themes/default/cells/event.html": "<li>{{title}}</li>\n",
        ])
        let problems = await site.diagnostics(kinds: site.swiftKinds { $0.register(kind: Event.self) })
        #expect(problems == [
            "content/events/a.md:4:7: error: 'ends' must not be before 'starts'",
            "content/events/b.md:5:8: error: 'seats' must be even: seats go in pairs",
        ])
    }
}

import CellarDiagnostics
@testable import CellarAuthoring
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// `cellar kinds`, `--json-schema` and `cellar new <kind>` see a Swift kind as they see the same
/// kind written in YAML: its schema is derived from the type.
@Suite struct SwiftKindToolingTests {
    private static func swiftKinds(_ site: TemporarySite) -> KindRegistrations {
        site.swiftKinds {
            $0.register(kind: DefaultThemeReview.self)
            $0.register(kind: DefaultThemeRelease.self)
        }
    }

    @Test func aSwiftKindHasTheJSONSchemaOfTheYAMLKindItMirrors() throws {
        let site = try TemporarySite.scaffolded()
        let yaml = try KindCatalog.load(options: site.options())
        var options = site.options()
        options.kinds = Self.swiftKinds(site)
        let swift = try KindCatalog.load(options: options)
        for name in ["review", "release"] {
            let yamlKind = try #require(yaml[name]?.kind)
            let swiftKind = try #require(swift[name]?.kind)
            #expect(JSONSchemaWriter.schema(for: swiftKind).pretty() == JSONSchemaWriter.schema(for: yamlKind).pretty())
            #expect(swift[name]?.fields == yaml[name]?.fields)
            #expect(swift[name]?.label == yaml[name]?.label)
            #expect(swift[name]?.description == yaml[name]?.description)
            #expect(swift[name]?.replaces.map(site.relative) == "themes/default/kinds/\(name).yml")
            #expect(swift[name]?.swiftType == (name == "review" ? "DefaultThemeReview" : "DefaultThemeRelease"))
            #expect(yaml[name]?.swiftType == nil)
        }
        // The kind's own fields, as the type declares them.
        let review = JSONSchemaWriter.schema(for: try #require(swift["review"]?.kind)).pretty()
        #expect(review.contains("""
                "rating": {
                  "type": "integer",
                  "minimum": 0,
                  "maximum": 10,
                  "description": "Score out of ten"
                },
                "poster": {
                  "type": "string",
                  "description": "Poster or cover art"
                },
                "verdict": {
                  "type": "string",
                  "enum": ["must-see", "good", "skip"],
                  "description": "The short answer"
                },
            """))
    }

    @Test func cellarNewWritesTheSameItemForASwiftKind() throws {
        let yamlSite = try TemporarySite.scaffolded()
        let swiftSite = try TemporarySite.scaffolded()
        var options = swiftSite.options()
        options.kinds = Self.swiftKinds(swiftSite)
        for name in ["review", "release"] {
            try yamlSite.newItem(name, at: "posts/\(name)", title: "A \(name)")
            _ = try ItemScaffolder(options: options).scaffold(kind: name, at: "posts/\(name)", title: "A \(name)")
            #expect(try swiftSite.read("content/posts/\(name).md") == yamlSite.read("content/posts/\(name).md"))
        }
        #expect(try swiftSite.read("content/posts/release.md").contains("""
            changes:   # What changed, one line each (inline Markdown)
              - <text (inline Markdown)>
            # breaking: false — Whether it breaks compatibility (default)
            """))
    }

    @Test func aSwiftKindsValuesAreAddressesAsPagesLinkThem() async throws {
        struct Seen: Kind {
            var poster: ImagePath
            var trailer: URL?
            var notes: FilePath?
            var blurb: InlineMarkdown
            var cast: [String]
            static let fields = [KindField("cast", minimumItems: 1)]
        }
        struct SeenCell: CellTemplate {
            func render(_ item: Item<Seen>, into html: inout CellarEngine.HTML) throws {
                html.element("li") { li in
                    li.void("img", ["src": item.fields.poster.url, "alt": item.fields.poster.path])
                    li.element("a", ["href": item.url], text: item.title)
                    li.element("a", ["href": item.fields.trailer?.absoluteString], text: "trailer")
                    li.element("a", ["href": item.fields.notes?.url], text: "notes")
                    li.raw(item.fields.blurb)
                    li.text(" " + item.fields.cast.joined(separator: ", "))
                    li.text(" " + (item.date.map { item.format($0, .day) } ?? ""))
                }
                html.raw("\n")
            }
        }
        let site = try TemporarySite(fixture: "cinema", files: [
            "content/seen/_index.md": Fixture.section("Seen", kind: "seen"),
            "content/seen/alien/index.md": "---\ntitle: Alien <1979>\ndate: 2024-06-01\nposter: alien.jpg\ntrailer: /trailers/alien/\nnotes: /files/alien.txt\nblurb: \"*In space* & no one\"\ncast: [Sigourney Weaver]\n---\n",
            "content/seen/alien/alien.jpg": "jpeg",
            "content/files/alien.txt": "notes",
        ])
        try await site.build(kinds: site.swiftKinds { $0.register(kind: Seen.self, cell: SeenCell()) }, baseURL: "https://example.org/films/")
        #expect(try site.page("seen/index.html").contains("""
            <li><img src="/films/seen/alien/alien.jpg" alt="alien.jpg"><a href="/films/seen/alien/">Alien &lt;1979&gt;</a>\
            <a href="/films/trailers/alien/">trailer</a><a href="/films/files/alien.txt">notes</a>\
            <em>In space</em> &amp; no one Sigourney Weaver 2024-06-01</li>
            """))
    }

    @Test func aSwiftPageDrawsTheLeadOfItsKindsItemPages() async throws {
        struct Lead: PageTemplate {
            func render(_ item: Item<SwiftReview>, into html: inout CellarEngine.HTML) throws {
                html.element("p", ["class": "lead"], text: "\(item.fields.rating)/10, \(item.fields.verdict.rawValue)")
            }
        }
        let site = try TemporarySite(fixture: "cinema", files: [
            "themes/default/layouts/item.html": """
                {{<base}}{{$main}}{{#item}}<article><h1>{{title}}</h1>{{$lead}}<p>fields</p>{{/lead}}{{{content}}}</article>{{/item}}{{/main}}{{/base}}
                """,
        ])
        try await site.build(kinds: site.swiftKinds { $0.register(kind: SwiftReview.self, page: Lead()) })
        let dune = try site.page("reviews/dune/index.html")
        #expect(dune.contains("<article><h1>Dune</h1><p class=\"lead\">9/10, must-see</p><p>Sand, spice and a very long walk.</p>\n</article>"))
        // Other kinds keep the theme's page, and the kind's cells stay the theme's.
        #expect(try site.page("notes/festival/index.html").contains("<h1>Festival week</h1><p>fields</p>"))
        #expect(try site.page("reviews/index.html").contains("<li class=\"review\"><a href=\"/reviews/dune/\">Dune</a> 9/10 must-see</li>"))
    }

    @Test func mistakesInASwiftKindsDeclarationAreReportedWhereItIsRegistered() async throws {
        struct Typo: Kind {
            var rating: Int
            var count: [String: Int]?
            static let fields = [KindField("ratng", minimum: 0), KindField("rating", valueLabels: ["x": "X"])]
        }
        struct Clash: Kind {
            var date: Int
            var anchor: String?
        }
        let site = try TemporarySite(fixture: "cinema")
        var lines: [Int] = []
        let kinds = site.swiftKinds { site in
            lines.append(#line); site.register(kind: Typo.self)
            lines.append(#line); site.register(kind: Clash.self)
        }
        let file = "Tests/CellarEngineTests/Kinds/Swift/SwiftKindToolingTests.swift"
        await site.expectFailure([
            "\(file):\(lines[0]):1: error: 'count' is a dictionary; fields of a kind are named in advance (Swift kind 'typo')\n  hint: use a struct with a property for each key (an 'object' field)",
            "\(file):\(lines[1]):1: error: 'date' is a common field of type date; a kind cannot make it int\n  hint: in Clash, give the property the type of the common field, or choose another name",
            "\(file):\(lines[1]):1: error: 'anchor' is a value every item has; a kind cannot have a field of that name\n  hint: choose another name for this field",
        ], kinds: kinds)
    }

    @Test func aDetailForAFieldTheTypeDoesNotHaveIsATypo() async throws {
        struct Typo: Kind {
            var rating: Int
            static let fields = [KindField("ratng", minimum: 0), KindField("rating", default: "high")]
        }
        let site = try TemporarySite(fixture: "cinema")
        var line = 0
        let kinds = site.swiftKinds { line = #line; $0.register(kind: Typo.self) }
        let file = "Tests/CellarEngineTests/Kinds/Swift/SwiftKindToolingTests.swift"
        await site.expectFailure([
            "\(file):\(line):1: error: 'rating' must be an integer, found \"high\"",
            "\(file):\(line):1: error: Typo.fields describes 'ratng', which Typo does not decode; did you mean 'rating'?\n  hint: fields of Typo: rating",
        ], kinds: kinds)
    }

    /// The typo is the one problem: the section and the items of the kind do not add "unknown kind
    /// 'book' … define it with a schema kinds/book.yml", which is wrong advice for a Swift kind.
    @Test func aTypoInASwiftKindsFieldsDoesNotMakeItAnUnknownKind() async throws {
        struct Book: Kind {
            var rating: Int
            static let fields = [KindField("ratng", minimum: 0, maximum: 5)]
        }
        let site = try TemporarySite(fixture: "cinema", files: [
            "themes/default/cells/book.html": "<li>{{title}} {{rating}}</li>\n",
            "content/books/_index.md": "---\ntitle: Books\nkind: book\n---\n",
            "content/books/dune.md": "---\ntitle: Dune\nrating: 5\n---\n",
            "content/notes/hail-mary.md": "---\ntitle: Project Hail Mary\nkind: book\nrating: 4\n---\n",
        ])
        var line = 0
        let kinds = site.swiftKinds { line = #line; $0.register(kind: Book.self) }
        let file = "Tests/CellarEngineTests/Kinds/Swift/SwiftKindToolingTests.swift"
        await site.expectFailure([
            "\(file):\(line):1: error: Book.fields describes 'ratng', which Book does not decode; did you mean 'rating'?\n  hint: fields of Book: rating",
        ], kinds: kinds)
    }

    @Test func aKindWhoseChecksRefuseTheStandInsIsToldWhichFieldNeedsAnExample() async throws {
        struct Checked: Kind {
            var version: String
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                version = try container.decode(String.self, forKey: .version)
                guard version.first?.isNumber == true else {
                    throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "must start with a digit")
                }
            }
            enum CodingKeys: String, CodingKey { case version }
        }
        struct WithExample: Kind {
            var version: String
            static let name = "checked"
            static let fields = [KindField("version", example: "1.0")]
            init(from decoder: any Decoder) throws { self = try WithExample(checked: Checked(from: decoder)) }
            init(checked: Checked) { version = checked.version }
        }
        let site = try TemporarySite(fixture: "cinema", files: [
            "themes/default/cells/checked.html": "<li>{{version}}</li>\n",
            "content/notes/v.md": "---\ntitle: V\nkind: checked\nversion: v2\n---\n",
        ])
        var line = 0
        let refused = site.swiftKinds { line = #line; $0.register(kind: Checked.self) }
        await site.expectFailure([
            "Tests/CellarEngineTests/Kinds/Swift/SwiftKindToolingTests.swift:\(line):1: error: Checked.init(from:) refused the stand-in values Cellar decodes it from to learn its fields: 'version' must start with a digit (Swift kind 'checked')\n  hint: give 'version' an example your checks accept: KindField(\"version\", example: \"…\") in Checked.fields",
        ], kinds: refused)
        // With an example, the kind has its field, and the same check refuses the content at its place.
        await site.expectFailure(["content/notes/v.md:4:10: error: 'version' must start with a digit"],
                                 kinds: site.swiftKinds { $0.register(kind: WithExample.self) })
    }
}

import CellarMustache
import Testing

/// One compiled template and one library shared by many tasks at once.
@Suite struct ConcurrencyTests {
    static let templates = [
        "page": "{{<layout}}{{$main}}{{#items}}{{>*kind}}{{/items}}{{/main}}{{/layout}}",
        "layout": "<main>\n  {{$main}}{{/main}}\n</main>\n",
        "review": "<article>{{title}} {{rating}}/10 {{>footer}}</article>\n",
        "quote": "<blockquote>{{text}}</blockquote>\n",
        "footer": "<footer>{{site}}</footer>",
    ]

    static func context(_ seed: Int) -> MustacheValue {
        let items: [MustacheValue] = (0..<(seed % 7 + 1)).map { index in
            index % 2 == 0
                ? ["kind": "review", "title": .string("T\(seed)-\(index) <&>"), "rating": .int(index)]
                : ["kind": "quote", "text": .string("Q\(seed)-\(index)")]
        }
        return ["site": .string("site \(seed)"), "items": .list(items)]
    }

    @Test func manyTasksRenderOneTemplateAndLibrary() async throws {
        let loader = CountingLoader(Self.templates)
        let library = MustacheLibrary(loader: loader)
        let reference = MustacheLibrary(loader: DictionaryLoader(Self.templates))
        let expected = try (0..<50).map { try reference.render("page", Self.context($0)) }

        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<50 {
                        let seed = (task * 7 + round) % 50
                        // Every task starts by asking for the template, racing to compile it.
                        let template = try library.template(named: "page")
                        if try template.render(Self.context(seed), library: library) != expected[seed] {
                            mismatches += 1
                        }
                    }
                    return mismatches
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(try library.render("page", Self.context(3)) == expected[3])
        // Concurrent first loads may compile a template more than once, but once cached it never reloads.
        let loadsAfterRace = loader.loads(of: "page")
        _ = try library.template(named: "page")
        #expect(loader.loads(of: "page") == loadsAfterRace)
        #expect(loadsAfterRace <= 16)
    }

    @Test func compiledTemplatesAreSendableValues() async throws {
        let template = try MustacheTemplate(source: "{{#xs}}{{.}},{{/xs}}", name: "t")
        let outputs = try await withThrowingTaskGroup(of: String.self) { group in
            for task in 0..<8 {
                group.addTask { try template.render(["xs": .list((0..<task).map { .int($0) })]) }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(outputs) == Set((0..<8).map { count in (0..<count).map { "\($0)," }.joined() }))
    }
}

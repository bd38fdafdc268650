import CellarMustache
import CellarTestSupport
import Testing

/// Hostile templates and data end in located errors, never in a crash or a hang.
@Suite struct LimitTests {
    /// Data nested `depth` levels: {"child": {"child": … }}.
    static func chain(_ depth: Int) -> MustacheValue {
        var value: MustacheValue = ["child": false]
        for _ in 0..<depth {
            value = ["child": value]
        }
        return value
    }

    @Test func recursionOverDeepDataStopsAtTheLimit() {
        let library = MustacheLibrary(loader: DictionaryLoader(["node": "({{#child}}{{>node}}{{/child}})"]))
        #expect(throws: Never.self) { try library.render("node", Self.chain(50)) }
        let error = mustacheError { () throws(MustacheError) in _ = try library.render("node", Self.chain(150)) }
        #expect(error?.reason == .recursionLimit(depth: 100))
        #expect(error?.template == "node" && error?.line == 1 && error?.column == 12)
    }

    @Test func deepRenderingOnAPoolThreadEndsInAnError() async {
        // Each level nests ten sections; the render depth guard stops it long before the stack runs out.
        let sections = String(repeating: "{{#x}}", count: 10) + "{{>p}}" + String(repeating: "{{/x}}", count: 10)
        let library = MustacheLibrary(loader: DictionaryLoader(["p": sections]))
        let result = await Task.detached { () -> MustacheError? in
            do throws(MustacheError) {
                _ = try library.render("p", ["x": true])
                return nil
            } catch {
                return error
            }
        }.value
        #expect(result?.reason == .nestingTooDeep(limit: 1_000))
    }

    @Test func nestingDepthIsLimitedAtCompileTime() {
        let depth = MustacheLimits.default.maxNestingDepth
        let ok = String(repeating: "{{#a}}", count: depth) + String(repeating: "{{/a}}", count: depth)
        #expect(throws: Never.self) { try MustacheTemplate(source: ok, name: "t") }
        let tooDeep = String(repeating: "{{#a}}", count: 100_000)
        let error = mustacheError { () throws(MustacheError) in _ = try MustacheTemplate(source: tooDeep, name: "t") }
        #expect(error?.reason == .nestingTooDeep(limit: depth))
        #expect(error?.column == depth * 6 + 1)
    }

    @Test func templateSizeIsLimited() {
        let limit = MustacheLimits.default.maxTemplateBytes
        #expect(limit == 4 << 20)
        #expect(throws: Never.self) { try MustacheTemplate(source: String(repeating: "x", count: limit), name: "t") }
        let error = mustacheError { () throws(MustacheError) in
            _ = try MustacheTemplate(source: String(repeating: "x", count: limit + 1), name: "t")
        }
        #expect(error?.reason == .templateTooLarge(bytes: limit + 1, limit: limit))
    }

    @Test(.timeLimit(.minutes(1 * sanitizerSlowdown)))
    func manyTagsOnOneLongLineParseInLinearTime() throws {
        let line = String(repeating: "{{a}} ", count: 100_000)
        #expect(try MustacheTemplate(source: line, name: "t").render(["a": 1]).utf8.count == 200_000)
        let error = mustacheError { () throws(MustacheError) in _ = try MustacheTemplate(source: line + "é {{#b}}", name: "t") }
        #expect(error?.line == 1 && error?.column == 600_003)
    }

    @Test(.timeLimit(.minutes(1 * sanitizerSlowdown)))
    func manyPartialTagsLoadInLinearTime() throws {
        let page = String(repeating: "{{>a}}", count: 50_000) + "{{>b}}"
        let library = MustacheLibrary(loader: DictionaryLoader(["page": page, "a": "{{>b}}", "b": "x"]))
        #expect(try library.render("page", [:]).utf8.count == 50_001)
    }

    @Test func longDelimitersAreRefused() {
        let error = mustacheError { () throws(MustacheError) in
            _ = try MustacheTemplate(source: "{{=\(String(repeating: "<", count: 40)) >=}}", name: "t")
        }
        guard case .invalidDelimiters = error?.reason else {
            Issue.record("expected invalidDelimiters, got \(String(describing: error))")
            return
        }
    }

    @Test func overriddenBlocksCannotRecurseForever() {
        let library = MustacheLibrary(loader: DictionaryLoader(["p": "{{$a}}{{/a}}"]))
        let template = "{{<p}}{{$a}}[{{$a}}x{{/a}}]{{/a}}{{/p}}"
        let error = mustacheError { () throws(MustacheError) in
            _ = try MustacheTemplate(source: template, name: "t").render([:], library: library)
        }
        #expect(error?.reason == .recursionLimit(depth: 100))
    }

    /// A small deterministic generator, so failures reproduce.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func randomTemplatesNeverCrash() {
        let pieces = ["{{", "}}", "{{{", "}}}", "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{>p}}", "{{<p}}", "{{/p}}",
                      "{{$x}}", "{{/x}}", "{{=<% %>=}}", "<%", "%>", "{{!", "{{.}}", "{{a.b}}", "{{&c}}", "{{>*d}}", "\n",
                      "  ", "\r\n", "text", "é", "{{= | | =}}", "|", "{{=", "=}}", "{{*", "{{ a b }}", "{{#.}}", "{{/.}}"]
        let library = MustacheLibrary(
            loader: DictionaryLoader(["p": "[{{$x}}{{a}}{{/x}}{{>p}}]", "q": "{{#a}}{{>q}}{{/a}}"]), missingPartials: .renderEmpty)
        let data: MustacheValue = ["a": [["b": false, "c": "<&>"], ["b": true]], "b": [1, 2], "d": "q"]
        var generator = Generator(state: 42)
        var rendered = 0
        for _ in 0..<3_000 {
            let source = (0..<(1 + generator.next(12))).map { _ in pieces[generator.next(pieces.count)] }.joined()
            do throws(MustacheError) {
                _ = try MustacheTemplate(source: source, name: "fuzz").render(data, library: library)
                rendered += 1
            } catch {
                #expect(error.line >= 0 && error.column >= 0, "\(source.debugDescription): \(error)")
            }
        }
        #expect(rendered > 100)
    }
}

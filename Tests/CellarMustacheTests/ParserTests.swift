@testable import CellarMustache
import Testing

/// The compiled tree: what the parser keeps of tags, text and standalone lines.
@Suite struct ParserTests {
    /// A readable outline of a program: one entry per instruction.
    func outline(_ source: String) throws -> [String] {
        let template = try MustacheTemplate(source: source, name: "test")
        let program = template.program
        return program.instructions.map { instruction in
            switch instruction {
            case .text(let start, let end, let firstLine, let endLine):
                let text = String(decoding: program.text[Int(start)..<Int(end)], as: UTF8.self)
                let lines = program.lineStarts[Int(firstLine)..<Int(endLine)].map { $0 - Int(start) }
                return "text(\(text.debugDescription)\(lines.isEmpty ? "" : " lines \(lines)"))"
            case .variable(let path, let escaped):
                return "\(escaped ? "var" : "raw")(\(program.paths[Int(path)]))"
            case .section(let path, let inverted, let end):
                return "\(inverted ? "inverted" : "section")(\(program.paths[Int(path)]) end \(end))"
            case .partial(let index):
                let partial = program.partials[Int(index)]
                return "partial(\(partial.target) indent \(partial.indentation.debugDescription))"
            case .parent(let index):
                let parent = program.parents[Int(index)]
                return "parent(\(parent.target) args \(parent.arguments.keys.sorted()))"
            case .block(let index):
                let block = program.blocks[Int(index)]
                return "block(\(block.name) indent \(block.indentation.debugDescription) standalone \(block.isStandalone))"
            }
        }
    }

    @Test func textOnlyIsOneInstruction() throws {
        #expect(try outline("Hello, world.") == [#"text("Hello, world." lines [0])"#])
    }

    @Test func tagsOfEveryKind() throws {
        #expect(try outline("a{{x}}{{{y}}}{{& z}}{{#s}}b{{/s}}{{^i}}c{{/i}}{{! note }}") == [
            #"text("a" lines [0])"#,
            #"var(key("x"))"#,
            #"raw(key("y"))"#,
            #"raw(key("z"))"#,
            "section(key(\"s\") end 6)",
            #"text("b")"#,
            "inverted(key(\"i\") end 8)",
            #"text("c")"#,
        ])
    }

    @Test func dottedNamesAreSplitOnce() throws {
        // A line that starts with a tag still starts a line: an indented partial indents it.
        #expect(try outline("{{a.b.c}}{{.}}") == [#"text("" lines [0])"#, #"var(dotted("a", ["b", "c"]))"#, "var(implicit)"])
    }

    @Test func standaloneSectionLinesDisappear() throws {
        #expect(try outline("<ul>\n  {{#items}}\n  <li>\n  {{/items}}\n</ul>\n") == [
            #"text("<ul>\n" lines [0])"#,
            "section(key(\"items\") end 3)",
            #"text("  <li>\n" lines [0])"#,
            #"text("</ul>\n" lines [0])"#,
        ])
    }

    @Test func standalonePartialKeepsItsIndentation() throws {
        #expect(try outline("<div>\n    {{> card }}\n</div>") == [
            #"text("<div>\n" lines [0])"#,
            #"partial(named("card") indent Optional("    "))"#,
            #"text("</div>" lines [0])"#,
        ])
    }

    @Test func inlinePartialHasNoIndentation() throws {
        #expect(try outline("a {{>card}}") == [#"text("a " lines [0])"#, "partial(named(\"card\") indent nil)"])
    }

    @Test func dynamicNamesAreParsedAsPaths() throws {
        #expect(try outline("{{>*kind}}{{<* layout.name}}{{/* layout.name}}") == [
            #"text("" lines [0])"#,
            #"partial(dynamic(CellarMustache.VariablePath.key("kind")) indent nil)"#,
            #"parent(dynamic(CellarMustache.VariablePath.dotted("layout", ["name"])) args [])"#,
        ])
    }

    @Test func parentsKeepOnlyTheirBlocks() throws {
        #expect(try outline("{{<base}}ignored {{x}} {{$title}}T{{/title}}{{$body}}B{{/body}}{{/base}}") == [
            "parent(named(\"base\") args [\"body\", \"title\"])",
        ])
    }

    @Test func blocksRecordTheirIndentation() throws {
        #expect(try outline("<main>\n  {{$content}}\n  <p>x</p>\n  {{/content}}\n</main>") == [
            #"text("<main>\n" lines [0])"#,
            #"block(content indent "  " standalone true)"#,
            #"text("</main>" lines [0])"#,
        ])
    }

    @Test func setDelimitersApplyToTheRestOfTheTemplate() throws {
        #expect(try outline("{{=<% %>=}}<% x %>{{y}}<%={{ }}=%>{{z}}") == [
            #"text("" lines [0])"#,
            #"var(key("x"))"#,
            #"text("{{y}}")"#,
            #"var(key("z"))"#,
        ])
    }

    @Test func staticReferencesAreRecordedWithWhetherTheyAlwaysRender() throws {
        let template = try MustacheTemplate(source: "{{>a}}\n{{#s}}{{>b}}{{/s}}{{<c}}{{$x}}{{>d}}{{/x}}{{/c}}{{>*e}}", name: "test")
        #expect(template.references.map { "\($0.kind) \($0.name) \($0.line):\($0.column) \($0.isUnconditional)" } == [
            "partial a 1:1 true",
            "partial b 2:7 false",
            "parent c 2:19 true",
            "partial d 2:31 false",
        ])
    }

    @Test func emptyLinesGetNoLineStart() throws {
        #expect(try outline("a\n\nb\n") == [#"text("a\n\nb\n" lines [0, 3])"#])
    }

    @Test func crlfEndsStandaloneLines() throws {
        #expect(try outline("a\r\n{{#s}}\r\nb\r\n{{/s}}\r\n") == [
            #"text("a\r\n" lines [0])"#,
            "section(key(\"s\") end 3)",
            #"text("b\r\n" lines [0])"#,
        ])
    }
}

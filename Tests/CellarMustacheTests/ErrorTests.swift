import CellarMustache
import Testing

/// Every error names the template, line and column, in the compiler format, with a hint.
@Suite struct ErrorTests {
    @Test func unclosedSection() {
        expectCompileError("<ul>\n  {{#items}}\n  <li>{{.}}</li>\n</ul>",
                           "test:2:3: error: section 'items' opened here is never closed\n  hint: add {{/items}}")
        expectCompileError("{{^empty}}", "test:1:1: error: section 'empty' opened here is never closed\n  hint: add {{/empty}}")
    }

    @Test func unclosedBlockAndParent() {
        expectCompileError("x{{$title}}T", "test:1:2: error: block 'title' opened here is never closed\n  hint: add {{/title}}")
        expectCompileError("\n\n{{<base}}", "test:3:1: error: parent 'base' opened here is never closed\n  hint: add {{/base}}")
    }

    @Test func closingTagThatDoesNotMatchNamesTheOpenSection() {
        expectCompileError("{{#a}}\n  {{#b}}\n  {{/a}}\n{{/b}}", """
            test:3:3: error: closing tag 'a' does not match 'b', opened at 2:3
              hint: close 'b' first with {{/b}}, or fix the name
            """)
    }

    @Test func closingTagWithNothingOpen() {
        expectCompileError("text {{/items}}", """
            test:1:6: error: closing tag 'items' has no open section to close
              hint: remove it, or open the section with {{#items}}
            """)
    }

    @Test func unclosedTag() {
        expectCompileError("Hello, {{name!", "test:1:8: error: tag is never closed: expected '}}'\n  hint: end the tag with '}}'")
        expectCompileError("{{{html}}", "test:1:1: error: tag is never closed: expected '}}}'\n  hint: end the tag with '}}}'")
        expectCompileError("{{=<% %>=}}\n<% x", "test:2:1: error: tag is never closed: expected '%>'\n  hint: end the tag with '%>'")
        expectCompileError("a {{", "test:1:3: error: tag is never closed: expected '}}'\n  hint: end the tag with '}}'")
    }

    @Test(arguments: ["{{=<%=}}", "{{= a b c =}}", "{{=a= b=}}", "{{==}}"])
    func badDelimiterChange(_ source: String) {
        let error = mustacheError { () throws(MustacheError) in _ = try MustacheTemplate(source: source, name: "t") }
        guard case .invalidDelimiters = error?.reason else {
            Issue.record("expected invalidDelimiters, got \(String(describing: error))")
            return
        }
        #expect(error?.line == 1 && error?.column == 1)
    }

    @Test func badDelimiterChangeMessage() {
        expectCompileError("ok\n{{=<%=}}", """
            test:2:1: error: invalid set-delimiter tag '<%': expected two delimiters separated by a space
              hint: write it like {{=<% %>=}}
            """)
    }

    @Test func emptyTags() {
        expectCompileError("a{{}}", "test:1:2: error: tag has no name\n  hint: put a name inside, like {{title}}")
        expectCompileError("{{# }}{{/ }}", "test:1:1: error: tag has no name\n  hint: put a name inside, like {{title}}")
        expectCompileError("{{>}}", "test:1:1: error: tag has no name\n  hint: put a name inside, like {{title}}")
    }

    @Test(arguments: ["{{a b}}", "{{a..b}}", "{{.a}}", "{{a.}}", "{{#a b}}{{/a b}}", "{{>a b}}"])
    func invalidNames(_ source: String) {
        let error = mustacheError { () throws(MustacheError) in _ = try MustacheTemplate(source: source, name: "t") }
        guard case .invalidName = error?.reason else {
            Issue.record("expected invalidName, got \(String(describing: error))")
            return
        }
    }

    @Test func invalidNameMessage() {
        expectCompileError("{{item title}}", """
            test:1:1: error: invalid name 'item title'
              hint: names have no spaces; use dots for nested keys, like {{item.title}}
            """)
    }

    @Test func columnsCountUnicodeScalars() {
        expectCompileError("héllo wörld {{#x}}", "test:1:13: error: section 'x' opened here is never closed\n  hint: add {{/x}}")
    }

    @Test func unknownStaticPartialIsFoundWhenTheTemplateLoads() {
        let library = MustacheLibrary(loader: CountingLoader(["page": "<main>\n  {{#items}}{{>card}}{{/items}}\n</main>"]))
        let error = mustacheError { () throws(MustacheError) in _ = try library.template(named: "page") }
        #expect(error?.description == """
            templates/page.html:2:13: error: unknown partial 'card'; looked for templates/card.html
              hint: create templates/card.html, or fix the name
            """)
    }

    @Test func unknownPartialOfAPartialIsLocatedInThatPartial() {
        let library = MustacheLibrary(loader: CountingLoader(["page": "{{>header}}", "header": "<h1>\n{{>logo}}"]))
        let error = mustacheError { () throws(MustacheError) in _ = try library.render("page", [:]) }
        #expect(error?.template == "templates/header.html")
        #expect(error?.line == 2 && error?.column == 1)
        #expect(error?.reason == .unknownPartial(name: "logo", searched: ["templates/logo.html"]))
    }

    @Test func unknownParent() {
        let library = MustacheLibrary(loader: CountingLoader(["page": "{{<base}}{{/base}}"]))
        let error = mustacheError { () throws(MustacheError) in _ = try library.template(named: "page") }
        #expect(error?.description == """
            templates/page.html:1:1: error: unknown parent template 'base'; looked for templates/base.html
              hint: create templates/base.html, or fix the name
            """)
    }

    @Test func unknownPartialWithoutALibrary() {
        let error = mustacheError { () throws(MustacheError) in
            _ = try MustacheTemplate(source: "a {{>footer}}", name: "cell.html").render([:])
        }
        #expect(error?.description == "cell.html:1:3: error: unknown partial 'footer'\n  hint: check the name, and that the library's loader has it")
    }

    @Test func templateNotFound() {
        let library = MustacheLibrary(loader: CountingLoader([:]))
        let error = mustacheError { () throws(MustacheError) in _ = try library.template(named: "home") }
        #expect(error?.description == """
            home: error: no template named 'home'; looked for templates/home.html
              hint: create templates/home.html, or fix the name
            """)
    }

    @Test func partialThatAlwaysIncludesItself() {
        let library = MustacheLibrary(loader: CountingLoader(["a": "A {{>b}}", "b": "B\n  {{>a}}"]))
        let error = mustacheError { () throws(MustacheError) in _ = try library.template(named: "a") }
        #expect(error?.description == """
            templates/b.html:2:3: error: partial 'a' includes itself outside any section, so rendering would never end: a -> b -> a
              hint: put the {{>a}} inside a section that ends the recursion
            """)
    }

    @Test func parentChainThatIncludesItself() {
        let library = MustacheLibrary(loader: CountingLoader(["page": "{{<base}}{{/base}}", "base": "{{<page}}{{/page}}"]))
        let error = mustacheError { () throws(MustacheError) in _ = try library.template(named: "page") }
        #expect(error?.description == """
            templates/base.html:1:1: error: template 'page' inherits from itself: page -> base -> page
              hint: a parent chain must end in a template without a {{<...}} tag
            """)
    }

    @Test func recursionCheckIgnoresTemplatesThatStopThemselves() throws {
        let library = MustacheLibrary(loader: CountingLoader(["node": "{{name}}{{#kids}}{{>node}}{{/kids}}"]))
        #expect(try library.render("node", ["name": "a", "kids": [["name": "b", "kids": []]]]) == "ab")
    }

    @Test func recursionLimit() {
        let library = MustacheLibrary(loader: CountingLoader(["loop": "{{#x}}{{>loop}}{{/x}}"]), limits: MustacheLimits(maxRecursionDepth: 5))
        let error = mustacheError { () throws(MustacheError) in _ = try library.render("loop", ["x": true]) }
        #expect(error?.description == """
            templates/loop.html:1:7: error: partials nest more than 5 levels deep
              hint: a partial probably includes itself through data that never ends
            """)
    }

    @Test func templateTooLarge() {
        let error = mustacheError { () throws(MustacheError) in
            _ = try MustacheTemplate(source: String(repeating: "a", count: 11), name: "big.html", limits: MustacheLimits(maxTemplateBytes: 10))
        }
        #expect(error?.description == "big.html:1:1: error: template is 11 bytes, more than the limit of 10 bytes\n  hint: split the template into partials")
    }

    @Test func nestingTooDeep() {
        let error = mustacheError { () throws(MustacheError) in
            _ = try MustacheTemplate(source: "{{#a}}{{#b}}\n {{#c}}{{/c}}{{/b}}{{/a}}", name: "t", limits: MustacheLimits(maxNestingDepth: 2))
        }
        #expect(error?.description == "t:2:2: error: sections nest more than 2 levels deep\n  hint: move inner parts into partials")
    }

    @Test func syntaxErrorInAPartialIsLocatedInThePartial() {
        let library = MustacheLibrary(loader: CountingLoader(["page": "{{>card}}", "card": "ok\n{{#x}}"]))
        let error = mustacheError { () throws(MustacheError) in _ = try library.render("page", [:]) }
        #expect(error?.description == "templates/card.html:2:1: error: section 'x' opened here is never closed\n  hint: add {{/x}}")
    }

    @Test func errorsAreValues() {
        let error = MustacheError(.emptyTag, template: "a.html", line: 3, column: 4)
        #expect(error == MustacheError(.emptyTag, template: "a.html", line: 3, column: 4))
        #expect(error.message == "tag has no name")
        #expect(error.hint == "put a name inside, like {{title}}")
    }
}

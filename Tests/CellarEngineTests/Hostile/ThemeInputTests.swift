@testable import CellarEngine
import CellarMustache
import CellarSiteTestSupport
import Foundation
import Testing

/// Templates come from theme authors, so they are input too: a template that includes itself, a
/// missing partial or parent, a huge template, runaway nesting, partial names taken from content.
/// Each is refused with the template's file, line and column; none hangs.
@Suite struct ThemeInputTests {
    private func site(_ files: [String: String]) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "content/notes/_index.md": Fixture.section("Notes", kind: "note"),
            "content/notes/a.md": "---\ntitle: A\n---\nBody.\n",
        ].merging(files) { $1 })
    }

    @Test func aPartialThatIncludesItselfIsRefused() async throws {
        let site = try site(["themes/default/cells/note.html": "<li>{{title}}{{>loop}}</li>\n",
                             "themes/default/partials/loop.html": "again {{> loop}}\n"])
        await site.expectFailure([
            "themes/default/partials/loop.html:1:7: error: partial 'loop' includes itself outside any section, so rendering would never end: loop -> loop\n  hint: put the {{>loop}} inside a section that ends the recursion",
        ])
    }

    @Test func partialsThatIncludeEachOtherAreRefused() async throws {
        let site = try site(["themes/default/cells/note.html": "<li>{{>ping}}</li>\n",
                             "themes/default/partials/ping.html": "ping {{>pong}}",
                             "themes/default/partials/pong.html": "pong {{>ping}}"])
        let problems = await site.diagnostics()
        #expect(problems.count == 1)
        #expect(problems.first?.contains(": error: partial 'ping' includes itself outside any section, so rendering would never end: ping -> pong -> ping") == true
                || problems.first?.contains(": error: partial 'pong' includes itself outside any section, so rendering would never end: pong -> ping -> pong") == true,
                "\(problems)")
    }

    @Test func aLayoutThatInheritsFromItselfIsRefused() async throws {
        let site = try site(["themes/default/layouts/base.html": "{{<base}}{{$main}}x{{/main}}{{/base}}"])
        let problems = await site.diagnostics()
        #expect(problems.contains("themes/default/layouts/base.html:1:1: error: template 'base' inherits from itself: base -> base\n  hint: a parent chain must end in a template without a {{<...}} tag"),
                "\(problems)")
    }

    @Test(.timeLimit(.minutes(10))) func aPartialThatRecursesThroughDataStopsAtTheLimit() async throws {
        // The recursion is inside a section whose value never runs out: legal to load, bounded when rendered.
        let site = try site(["themes/default/cells/note.html": "<li>{{>tree}}</li>\n",
                             "themes/default/partials/tree.html": "{{#title}}[{{>tree}}]{{/title}}"])
        let problems = await site.diagnostics()
        #expect(problems.first?.hasPrefix("themes/default/partials/tree.html:1:12: error: partials nest more than 100 levels deep") == true,
                "\(problems)")
    }

    /// Ten partials, each including the next ten times: 10⁹ expansions, none of them recursive,
    /// none deeper than ten. The render budget stops it at the tag where it runs out.
    @Test(.timeLimit(.minutes(10))) func partialsThatMultiplyAreStoppedByTheRenderBudget() async throws {
        var files = ["themes/default/cells/note.html": "<li>{{>p0}}</li>\n", "themes/default/partials/p9.html": "x"]
        for level in 0..<9 {
            files["themes/default/partials/p\(level).html"] = String(repeating: "{{>p\(level + 1)}}", count: 10)
        }
        let site = try site(files)
        await site.expectFailure([
            "themes/default/partials/p8.html:1:50: error: rendering repeats sections and partials more than 1000000 times\n  hint: a partial included several times inside itself, or sections over the same list nested in each other, multiply the work at every level",
        ])
    }

    @Test(.timeLimit(.minutes(10))) func sectionsOverOneListNestedInEachOtherAreStoppedByTheRenderBudget() async throws {
        let nested = String(repeating: "{{#tags}}", count: 4) + "{{name}}" + String(repeating: "{{/tags}}", count: 4)
        let tags = (0..<100).map { "t\($0)" }.joined(separator: ", ")   // 100⁴ = 10⁸ repetitions
        let site = try site(["themes/default/cells/note.html": "<li>\(nested)</li>\n",
                             "content/notes/a.md": "---\ntitle: A\ntags: [\(tags)]\n---\n"])
        await site.expectFailure([
            "themes/default/cells/note.html:1:1: error: rendering repeats sections and partials more than 1000000 times, in section 'tags'\n  hint: a partial included several times inside itself, or sections over the same list nested in each other, multiply the work at every level",
        ])
    }

    @Test func aRenderThatOutgrowsTheOutputLimitIsStopped() async throws {
        let block = String(repeating: "0123456789abcdef", count: 4096)          // 64 KiB
        var files = ["themes/default/cells/note.html": "<li>{{>q0}}</li>\n", "themes/default/partials/q3.html": block]
        for level in 0..<3 {
            files["themes/default/partials/q\(level).html"] = String(repeating: "{{>q\(level + 1)}}", count: 20)
        }
        let site = try site(files)
        await site.expectFailure([
            "themes/default/partials/q2.html:1:113: error: rendering produces more than 268435456 bytes\n  hint: a partial included several times inside itself, or sections over the same list nested in each other, multiply the work at every level",
        ])
    }

    @Test(arguments: [
        ("{{>nope}}", "themes/default/cells/note.html:1:5: error: unknown partial 'nope'; looked for themes/default/partials/nope.html, themes/default/layouts/nope.html\n  hint: create themes/default/partials/nope.html, or fix the name"),
        ("{{<nope}}{{/nope}}", "themes/default/cells/note.html:1:5: error: unknown parent template 'nope'; looked for themes/default/partials/nope.html, themes/default/layouts/nope.html\n  hint: create themes/default/partials/nope.html, or fix the name"),
        ("{{>../../../../etc/passwd}}", "themes/default/cells/note.html:1:5: error: unknown partial '../../../../etc/passwd'\n  hint: check the name, and that the library's loader has it"),
        ("{{>/etc/passwd}}", "themes/default/cells/note.html:1:5: error: unknown partial '/etc/passwd'\n  hint: check the name, and that the library's loader has it"),
    ])
    func aMissingPartialOrParentIsRefusedAtItsTag(_ tag: String, _ expected: String) async throws {
        let site = try site(["themes/default/cells/note.html": "<li>\(tag)</li>\n"])
        await site.expectFailure([expected])
    }

    @Test func aDynamicPartialNameFromContentCannotReachOutsideTheTheme() async throws {
        let site = try site([
            "themes/default/kinds/note.yml": "label: Note\npage: true\nfields:\n  part: string?\n",
            "themes/default/cells/note.html": "<li>{{>*part}}</li>\n",
            "themes/default/partials/card.html": "card",
            "content/notes/a.md": "---\ntitle: A\npart: ../../../../../../etc/passwd\n---\n",
            "content/notes/b.md": "---\ntitle: B\npart: card\n---\n",
        ])
        let problems = await site.diagnostics()
        #expect(problems == [
            "themes/default/cells/note.html:1:5: error: unknown partial '../../../../../../etc/passwd'\n  hint: check the name, and that the library's loader has it",
        ])
    }

    @Test func aTemplateOverTheSizeLimitIsRefusedWithoutReadingIt() async throws {
        let site = try site([:])
        try site.write(Data(), to: "themes/default/partials/huge.html")
        let path = site.root + "/themes/default/partials/huge.html"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(ThemeTemplateLoader.maxTemplateSize) + 1)
        try handle.close()
        try site.write(["themes/default/cells/note.html": "<li>{{>huge}}</li>\n"])
        await site.expectFailure([
            "themes/default/partials/huge.html:1:1: error: template is 1048577 bytes, more than the limit of 1048576 bytes\n  hint: split the template into partials",
        ])
    }

    @Test func aHugeLayoutIsRefusedToo() async throws {
        let site = try site(["themes/default/layouts/404.html": String(repeating: "x", count: ThemeTemplateLoader.maxTemplateSize + 10)])
        await site.expectFailure([
            "themes/default/layouts/404.html:1:1: error: template is 1048586 bytes, more than the limit of 1048576 bytes\n  hint: split the template into partials",
        ])
    }

    @Test func sectionsNestedDeeperThanTheLimitAreRefusedWhereTheyCrossIt() async throws {
        let depth = MustacheLimits.default.maxNestingDepth + 1
        let open = String(repeating: "{{#a}}", count: depth), close = String(repeating: "{{/a}}", count: depth)
        let site = try site(["themes/default/cells/note.html": "<li>\(open)\(close)</li>\n"])
        await site.expectFailure([
            "themes/default/cells/note.html:1:\(5 + 6 * (depth - 1)): error: sections nest more than 256 levels deep\n  hint: move inner parts into partials",
        ])
    }

    @Test func aBrokenTemplateIsReportedWhereItBreaks() async throws {
        let site = try site(["themes/default/cells/note.html": "<li>\n{{#title}}\n{{title}\n</li>\n"])
        await site.expectFailure([
            "themes/default/cells/note.html:3:1: error: tag is never closed: expected '}}'\n  hint: end the tag with '}}'",
        ])
    }

    @Test func themeFoldersNestedDeeperThanTheLimitAreRefused() async throws {
        let deep = "assets/" + (0..<ThemeFileScanner.maxDepth).map { _ in "d" }.joined(separator: "/")
        let site = try site(["themes/default/" + deep + "/x.css": "x"])
        await site.expectFailure([
            "themes/default/\(deep):1:1: error: folders nest deeper than 16 levels at themes/default/\(deep)",
        ])
    }

    @Test func aThemeNameThatLeavesThemesIsRefused() async throws {
        for name in ["../../etc", "/etc", "a/b", "..", ".", ""] {
            let site = try site(["content/_index.md": Fixture.site("theme: \"\(name)\"\n")])
            let problems = await site.diagnostics()
            #expect(problems == ["content/_index.md:4:8: error: 'theme' must be the name of a folder under themes/, found \"\(name)\""],
                    "\(name): \(problems)")
        }
    }
}

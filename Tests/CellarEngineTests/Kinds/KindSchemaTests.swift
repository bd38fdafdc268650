@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// A theme's kinds are data: `kinds/<kind>.yml`, checked like content, with the same kind of messages.
@Suite struct KindSchemaTests {
    private func site(kind: String) throws -> TemporarySite {
        try TemporarySite(files: [
            "content/_index.md": Fixture.site,
            "themes/default/kinds/episode.yml": kind,
            "themes/default/cells/episode.html": "<li class=\"episode\">{{title}}</li>\n",
        ])
    }

    @Test(arguments: [
        ("fields:\n  number: integer\n",
         "themes/default/kinds/episode.yml:2:11: error: unknown type 'integer' for field 'number'; did you mean 'int'?\n  hint: types: string, text, markdown, int, number, bool, date, url, image, path, enum, list, object"),
        ("fields:\n  number: intt\n",
         "themes/default/kinds/episode.yml:2:11: error: unknown type 'intt' for field 'number'; did you mean 'int'?\n  hint: types: string, text, markdown, int, number, bool, date, url, image, path, enum, list, object"),
        ("fields:\n  mood: enum\n",
         "themes/default/kinds/episode.yml:2:9: error: enum field 'mood' needs its values\n  hint: write mood: {type: enum, values: [a, b, c]}"),
        ("fields:\n  number: {type: int, maxx: 3}\n",
         "themes/default/kinds/episode.yml:2:23: error: unknown key 'maxx' for field 'number'; did you mean 'max'?\n  hint: a field may have: type, required, default, min, max, min_items, max_items, values, of, fields, description, label, alt, remote"),
        ("fields:\n  number: {type: int, max: 10, default: 11}\n",
         "themes/default/kinds/episode.yml:2:41: error: 'number' must be an integer of at most 10, found 11"),
        ("fields:\n  title: int\n",
         "themes/default/kinds/episode.yml:2:3: error: 'title' is a common field of type string; a kind cannot make it int\n  hint: choose another name for this field"),
        ("lable: Episode\nfields: {}\n",
         "themes/default/kinds/episode.yml:1:1: error: unknown key 'lable' in kind file; did you mean 'label'?\n  hint: a kind file has: label, description, page, fields, searchable"),
        ("page: sometimes\n",
         "themes/default/kinds/episode.yml:1:7: error: 'page' must be true or false, found \"sometimes\""),
        ("fields:\n  cover: {type: image, remote: true}\n",
         "themes/default/kinds/episode.yml:2:32: error: 'remote' is for path fields ('image' fields take https URLs already); 'cover' is image"),
        ("fields:\n  clip: {type: path, remote: maybe}\n",
         "themes/default/kinds/episode.yml:2:30: error: 'remote' must be true or false"),
        ("fields:\n  2nd: string\n",
         "themes/default/kinds/episode.yml:2:3: error: '2nd' is not a valid field name\n  hint: use letters, digits and '_', starting with a letter"),
    ])
    func schemaMistakesAreReportedInTheKindFile(_ kind: String, _ expected: String) async throws {
        let site = try site(kind: kind)
        let problems = await site.diagnostics()
        #expect(problems.contains(expected), "\(problems)")
    }

    @Test func aValidSchemaTypesItsItems() async throws {
        let site = try site(kind: "label: Episode\npage: false\nfields:\n  number: {type: int, min: 1}\n  guests: {type: \"[string]\", max_items: 2}\n")
        try site.write([
            "content/podcast/_index.md": Fixture.section("Podcast", kind: "episode"),
            "content/podcast/one.md": "---\ntitle: One\nnumber: 1\nguests: [Ada, Grace, Linus]\n---\n",
        ])
        await site.expectFailure(["content/podcast/one.md:4:9: error: 'guests' allows at most 2 items, found 3"])
    }

    /// A remote image or file is fetched by the browser, never run: only http(s) URLs are taken.
    @Test func remoteFilesAreWebURLsOnly() async throws {
        let site = try site(kind: "label: Episode\nfields:\n  cover: image\n  clip: {type: path, remote: true}\n  notes: path?\n")
        try site.write([
            "content/podcast/_index.md": Fixture.section("Podcast", kind: "episode"),
            "content/podcast/one.md": "---\ntitle: One\ncover: javascript:alert(1)\nclip: https://media.example.org/one.mp3\nnotes: https://example.org/notes.pdf\n---\n",
        ])
        let problems = await site.diagnostics()
        #expect(problems.contains("content/podcast/one.md:3:8: error: 'cover' must be an image path (/images/x.png from content/, or x.png beside the item) or an https URL, found \"javascript:alert(1)\"\n  hint: a remote file is named by an https URL: https://example.org/x"), "\(problems)")
        #expect(problems.contains("content/podcast/one.md:5:8: error: 'notes' must be a file path (/x.pdf from content/, or x.pdf beside the item), found \"https://example.org/notes.pdf\"\n  hint: a 'path' field names a file of the site; declare it with 'remote: true' to take https URLs too, or use a 'url' field for links"), "\(problems)")
        #expect(!problems.contains { $0.contains("'clip'") }, "\(problems)")
    }
}

@testable import CellarImport
import Foundation
import Testing

/// The source's main menu becomes the new site's working `menu:`: pages and sections named as
/// such, links kept, each place once — and the built site's navigation shows it.
@Suite struct ImportedMenuTests {
    /// `<nav class="site-nav">`'s links of a built page: `label → href`.
    private func navigation(_ html: String) -> [String] {
        guard let start = html.range(of: "<nav class=\"site-nav\""), let end = html.range(of: "</nav>", range: start.upperBound..<html.endIndex)
        else { return [] }
        return html[start.upperBound..<end.lowerBound].components(separatedBy: "<li><a href=\"").dropFirst().map { entry in
            let href = entry.prefix { $0 != "\"" }
            let label = entry.components(separatedBy: ">").dropFirst().first?.components(separatedBy: "</a").first ?? ""
            return label + " → " + href
        }
    }

    /// Hugo lists About twice — in the configuration's `menu.main` and in the page's own `menu: main` —
    /// and links a section and another site: About is written once, and is in the navigation.
    @Test func aHugoMenuBecomesTheNavigationWithEachPageOnce() async throws {
        let config = try String(contentsOfFile: ImportWorkspace.fixtures + "/hugo-blog/config.toml", encoding: .utf8)
        let workspace = try ImportWorkspace(fixture: "hugo-blog", files: [
            "content/about.md": "---\ntitle: About these notes\nmenu: main\n---\nI write about walks.\n",
            "config.toml": config + "[[menu.main]]\n  name = \"Code\"\n  url = \"https://code.example.org/notes\"\n  weight = 3\n",
        ])
        try await workspace.importSite(.hugo)
        let settings = try workspace.read("content/_index.md")
        #expect(settings.contains("""
            # The source's main menu: the whole navigation (sections it does not name are not in it).
            menu:
              - {section: posts, label: "Posts"}
              - {page: about, label: "About"}
              - {url: "https://code.example.org/notes", label: "Code"}
            ---
            """))
        #expect(!settings.contains("# menu:"))
        let report = try await workspace.build()
        #expect(!report.diagnostics.contains { $0.severity == .error })
        #expect(navigation(try workspace.read("public/index.html")) == [
            "Posts → /posts/", "About → /about/", "Code → https://code.example.org/notes",
        ])
    }

    @Test func aJekyllHeaderPagesMenuNamesThePages() async throws {
        let workspace = try ImportWorkspace(fixture: "jekyll-blog")
        try await workspace.importSite(.jekyll)
        try await workspace.build()
        let settings = try workspace.read("content/_index.md")
        #expect(settings.contains("menu:\n  - {page: about, label: \"About the log\"}\n  - {page: contact, label: \"Contact\"}\n---\n"))
        #expect(navigation(try workspace.read("public/index.html")) == ["About the log → /about/", "Contact → /contact/"])
    }
}

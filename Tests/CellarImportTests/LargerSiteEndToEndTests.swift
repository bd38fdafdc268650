import CellarDiagnostics
import CellarEngine
@testable import CellarImport
import Foundation
import Testing

/// A blog that is part of a larger site, in both dialects (`Fixtures/*-larger-site`): it links to
/// pages other software serves on the host, and has broken links. The new site builds at once;
/// `cellar check` lists what to fix.
@Suite struct LargerSiteEndToEndTests {
    @Test(arguments: [(SourceDialect.hugo, "hugo-larger-site", "blog"), (.jekyll, "jekyll-larger-site", "posts")])
    func theBlogBuildsAtOnceAndCheckListsItsBrokenLinks(_ dialect: SourceDialect, _ fixture: String, _ section: String) async throws {
        let workspace = try ImportWorkspace(fixture: fixture)
        let report = try await workspace.importSite(dialect)
        #expect(report.outside == ["/docs/", "/install.sh", "/install/"])
        #expect(report[.brokenLinks] == 2 && report[.urlsKept] == 2)
        #expect(try workspace.read("content/_index.md").contains("""
            links:
              # Served on this host by other software: links under them are kept and never reported.
              outside: [/docs/, /install.sh, /install/]
              # The source has 2 links that lead nowhere (see import-report.json):
              # the build reports them as warnings. Set 'broken: error' once they are fixed.
              broken: warning
            ---
            """))
        let file51 = dialect == .hugo ? "blog/release-5.1.md" : "posts/2024-05-20-release-5.1.md"
        let file50 = dialect == .hugo ? "blog/release-5.0.md" : "posts/2023-09-01-release-5.0.md"
        // The release keeps its dot; the links to the rest of the host are kept with the base path.
        let build = try await workspace.build()
        let page = try workspace.read("public/blog/release-5.1/index.html")
        for href in ["/", "/install/", "/docs/guides/building.html", "/install.sh", "/blog/release-5.0/"] {
            #expect(page.contains("href=\"\(href)\""), "no link to \(href)")
        }
        #expect(build.diagnostics.map { $0.headline.replacingOccurrences(of: workspace.site + "/", with: "") } == [
            "content/\(file50):6:27: warning: file '/blog/images/missing.png' not found; looked for content/blog/images/missing.png",
            "content/\(file51):9:36: warning: file 'pkg.example.org' not found; looked for content/\(section)/pkg.example.org",
        ])
        #expect(build.diagnostics.last?.hint == "did you mean 'https://pkg.example.org'?")
        // cellar check reports them as the build does (links: {broken: warning}), and only them.
        let check = try #require(report.check)
        #expect(check.builds && check.errors == 0 && check.warnings == 2)
        // The report places them in the source.
        let source51 = dialect == .hugo ? "source/content/blog/release-5.1.md:9:36" : "source/_posts/2024-05-20-release-5.1.md:7:36"
        #expect(report.notes.filter { $0.topic == .link && $0.location != nil }.map(\.headline).last
                == "\(source51): kept: the link 'pkg.example.org' leads nowhere in the new site; kept as written")
    }
}

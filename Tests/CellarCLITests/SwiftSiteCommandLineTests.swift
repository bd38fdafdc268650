@testable import CellarCLI
import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

private struct ReviewCell: CellTemplate {
    func render(_ item: Item<DefaultThemeReview>, into html: inout HTML) {
        html.element("p", ["class": "swift-review"], text: "\(item.title): \(item.fields.rating)/10")
    }
}

/// `Site.runCommandLine()`: the cellar commands on a site with Swift kinds, as a Swift package
/// offers them (`swift run MySite kinds`).
@Suite struct SwiftSiteCommandLineTests {
    private func run(_ arguments: [String], site: Site, in folder: String) async -> Run {
        let capture = CapturingTerminal()
        var cli = CLI(arguments: arguments, terminal: capture.terminal, workingDirectory: folder)
        cli.site = site
        let status = await cli.run()
        return Run(status: status, out: capture.out, err: capture.err)
    }

    @Test func theCommandsKnowTheSitesSwiftKinds() async throws {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "mysite"], in: folder.path).status == .success)
        let root = folder.path + "/mysite"
        var site = Site(at: root)
        let line = #line + 1
        site.register(kind: DefaultThemeReview.self, cell: ReviewCell())

        // `kinds` lists it where the theme's was, and says where it comes from.
        let kinds = await run(["kinds"], site: site, in: folder.path)
        #expect(kinds.status == .success)
        #expect(kinds.out.contains("""
            review — Review: A review of a film, book, album or thing, with a rating out of ten.
              (declared in Swift by DefaultThemeReview at Tests/CellarCLITests/SwiftSiteCommandLineTests.swift:\(line):1, replacing \(root)/themes/default/kinds/review.yml)
              rating   int                            0…10       Score out of ten
              poster   image?                                    Poster or cover art
              verdict  enum?: must-see | good | skip             The short answer
            """), "\(kinds.out)")

        // `new review` writes its fields; the placeholder fails the build at its place, as for a YAML kind.
        let new = await run(["new", "review", "posts/dune", "--title", "Dune"], site: site, in: folder.path)
        #expect(new.status == .success)
        #expect(try String(contentsOfFile: root + "/content/posts/dune.md", encoding: .utf8).contains("""
            kind: review
            rating: <integer from 0 to 10>   # Score out of ten
            # poster: image? — Poster or cover art
            # verdict: enum?: must-see | good | skip — The short answer
            """))
        let failed = await run(["build"], site: site, in: folder.path)
        #expect(failed.status == .failure)
        #expect(failed.err.hasPrefix("\(root)/content/posts/dune.md:5:9: error: 'rating' still holds the placeholder <integer from 0 to 10>\n"))

        // Filled in, the site builds (with no arguments: what `swift run` does) and draws it with the Swift cell.
        let file = root + "/content/posts/dune.md"
        let filled = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "<integer from 0 to 10>", with: "9")
        try Data(filled.utf8).write(to: URL(fileURLWithPath: file))
        let built = await run([], site: site, in: folder.path)
        #expect(built.status == .success, "\(built.err)")
        let posts = try String(contentsOfFile: root + "/public/posts/index.html", encoding: .utf8)
        #expect(posts.contains("<p class=\"swift-review\">Dune: 9/10</p>"))

        // `kinds --json-schema` writes its schema like any kind's.
        let schemas = await run(["kinds", "--json-schema", "schemas"], site: site, in: root)
        #expect(schemas.status == .success)
        let schema = try String(contentsOfFile: root + "/schemas/review.schema.json", encoding: .utf8)
        #expect(schema.contains("\"title\": \"Review\",\n  \"description\": \"A review of a film, book, album or thing, with a rating out of ten.\""))
    }
}

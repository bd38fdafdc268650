import CellarCLI
import Foundation
import Testing

/// The build step of the GitHub Pages workflow `cellar new site` writes, run as written: a broken
/// link fails it (as `cellar check` does), so a site with one is never published.
@Suite struct DeployWorkflowEndToEndTests {
    /// The arguments of the workflow's `cellar build` step, with the address GitHub Pages would give.
    private func buildStep(of site: String, baseURL: String) throws -> [String] {
        let workflow = try String(contentsOfFile: site + "/.github/workflows/deploy.yml", encoding: .utf8)
        let line = try #require(workflow.split(separator: "\n").first { $0.contains("run: cellar build") })
        let command = line.components(separatedBy: "run: ").last ?? ""
        let expanded = command.replacingOccurrences(of: "${{ steps.pages.outputs.base_url }}", with: baseURL)
        // The step's shell words: the one quoted argument is the address.
        return expanded.split(separator: " ").dropFirst().map { $0.replacingOccurrences(of: "\"", with: "") }
    }

    @Test func theWorkflowsBuildFailsOnABrokenLinkAsCheckDoes() async throws {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "mysite"], in: folder.path).status == .success)
        let site = folder.path + "/mysite"
        let arguments = try buildStep(of: site, baseURL: "https://ada.github.io/books")
        #expect(arguments == ["build", "--base-url", "https://ada.github.io/books/"])
        #expect(await Run.cellar(arguments, in: site).status == .success)

        try "---\ntitle: Next up\ndate: 2026-01-02\n---\n\nAfter [the book](/books/project-hail-mery/).\n"
            .write(toFile: site + "/content/posts/next-up.md", atomically: true, encoding: .utf8)
        let build = await Run.cellar(arguments, in: site)
        let check = await Run.cellar(["check"], in: site)
        #expect(build.status == .failure && check.status == .failure)
        let message = "content/posts/next-up.md:6:18: error: link '/books/project-hail-mery/' leads to no page"
        #expect(build.err.contains(message))
        #expect(check.err.contains(message))
    }
}

@testable import CellarCLI
import Foundation
import Testing

/// On a multilingual site, a build says in one line per language how much of the site it has (the
/// files without a version with `--verbose`), never a warning per item; `cellar check
/// --require-language vi` fails at each item without a Vietnamese version.
@Suite struct TranslationsCommandTests {
    private func site() async throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "mysite"], in: folder.path).status == .success)
        try FileManager.default.removeItem(atPath: folder.path + "/mysite/content")
        try FileManager.default.createDirectory(atPath: folder.path + "/mysite/content/posts", withIntermediateDirectories: true)
        let files = [
            "mysite/content/_index.md": "---\ntitle: Notes\nlanguages: [en, {code: vi, name: Tiếng Việt}]\n---\n",
            "mysite/content/posts/_index.md": "---\ntitle: Posts\nkind: article\n---\n",
            "mysite/content/posts/rain.md": "---\ntitle: Rain\ndate: 2024-05-01\n---\nIt rained.\n",
            "mysite/content/posts/rain.vi.md": "---\ntitle: Mưa\ndate: 2024-05-01\n---\nTrời mưa.\n",
            "mysite/content/posts/sun.md": "---\ntitle: Sun\ndate: 2024-05-02\n---\nIt shone.\n",
            "mysite/content/posts/wind.md": "---\ntitle: Wind\ndate: 2024-05-03\n---\nIt blew.\n",
        ]
        for (path, text) in files { try folder.write(text, to: path) }
        return folder
    }

    @Test func aBuildSaysOneLinePerLanguageAndListsTheMissingWithVerbose() async throws {
        let folder = try await site()
        let built = await Run.cellar(["build", "--site", "mysite"], in: folder.path)
        #expect(built.status == .success, "\(built.err)")
        #expect(built.out.contains("\nTiếng Việt (vi): 1 of 3 items translated, 2 not (--verbose lists them)\n"), "\(built.out)")
        #expect(!built.err.contains("warning"))
        let verbose = await Run.cellar(["build", "--site", "mysite", "--verbose", "--clean"], in: folder.path)
        let lines = verbose.out.split(separator: "\n").map(String.init)
        let line = try #require(lines.firstIndex(of: "Tiếng Việt (vi): 1 of 3 items translated, 2 not:"), "\(verbose.out)")
        #expect(lines.count == line + 3)
        #expect(lines.dropFirst(line + 1).map { $0.hasPrefix("  ") && $0.hasSuffix("mysite/content/posts/sun.md") || $0.hasSuffix("mysite/content/posts/wind.md") } == [true, true])
    }

    @Test func checkRequireLanguageFailsAtEachItemWithoutAVersion() async throws {
        let folder = try await site()
        let plain = await Run.cellar(["check", "--site", "mysite"], in: folder.path)
        #expect(plain.status == .success, "\(plain.out)\(plain.err)")
        let checked = await Run.cellar(["check", "--site", "mysite", "--require-language", "vi"], in: folder.path)
        #expect(checked.status == .failure)
        let all = checked.out + checked.err
        #expect(all.contains("content/posts/sun.md:1:1: error: this item has no Tiếng Việt (vi) version"), "\(all)")
        #expect(all.contains("content/posts/sun.vi.md, or give its translation translation_key: posts/sun.md"), "\(all)")
        #expect(all.contains("content/posts/wind.md:1:1: error: this item has no Tiếng Việt (vi) version"))
        #expect(!all.contains("content/posts/rain.md:1:1"))
        let unknown = await Run.cellar(["check", "--site", "mysite", "--require-language", "ja"], in: folder.path)
        #expect(unknown.status == .failure)
        #expect((unknown.out + unknown.err).contains("error: --require-language ja: the site has no language 'ja'"))
    }
}

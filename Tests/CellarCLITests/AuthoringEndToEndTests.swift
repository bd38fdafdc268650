import CellarCLI
import Foundation
import Testing

/// `cellar new`, `check` and `kinds` from a fresh `cellar new site`, as people run them.
@Suite struct AuthoringEndToEndTests {
    /// A folder holding a site made by `cellar new site mysite`; returns the folder (keep it: it is
    /// removed when released) and the site path.
    private func newSite() async throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let run = await Run.cellar(["new", "site", "mysite"], in: folder.path)
        #expect(run.status == .success)
        #expect(run.err == "")
        return (folder, folder.path + "/mysite")
    }

    @Test func newSitePrintsTheNextStepsAndRefusesToRunTwice() async throws {
        let (folder, site) = try await newSite()
        #expect(FileManager.default.fileExists(atPath: site + "/themes/default/kinds/review.yml"))
        let again = await Run.cellar(["new", "site", "mysite"], in: folder.path)
        #expect(again.status == .failure)
        #expect(again.out == "")
        #expect(again.err == """
            error: mysite/ is not empty (it holds content, themes)
              hint: create the site in a new folder, or in an empty one (dotfiles such as .git may stay)
            1 error

            """)
        let first = await Run.cellar(["new", "site", "other"], in: folder.path)
        #expect(first.out.hasPrefix("Created a new site in other/ ("))
        #expect(first.out.contains("\n  cd other && cellar serve  # preview it; pages reload on every save\n"))
    }

    @Test func newPrintsThePathAndTheItemFailsCheckUntilFilled() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        let new = await Run.cellar(["new", "review", "posts/dune", "--title", "Dune"], in: site)
        #expect(new.status == .success)
        #expect(new.out == site + "/content/posts/dune.md\n")
        #expect(new.err == "Fill in each <…> placeholder; 'cellar check' lists any left.\n")

        let check = await Run.cellar(["check", "--format", "json"], in: site)
        #expect(check.status == .failure)
        #expect(check.err == "")
        #expect(check.out == """
            [
              {"file": "\(site)/content/posts/dune.md", "line": 5, "column": 9, "severity": "error", "message": "'rating' still holds the placeholder <integer from 0 to 10>", "hint": "replace it with an integer from 0 to 10"}
            ]

            """)
        let text = await Run.cellar(["check"], in: site)
        #expect(text.status == .failure)
        #expect(text.err.hasPrefix("\(site)/content/posts/dune.md:5:9: error: 'rating' still holds the placeholder <integer from 0 to 10>\n 5 | rating: <integer from 0 to 10>   # Score out of ten\n   |         ^\n"))
        #expect(text.err.hasSuffix("1 error; the site does not build, so its links were not checked\n"))

        let file = site + "/content/posts/dune.md"
        let filled = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "<integer from 0 to 10>", with: "9")
        try Data(filled.utf8).write(to: URL(fileURLWithPath: file))
        let clean = await Run.cellar(["check", "--format=json", "--site", site], in: "/")
        #expect(clean.status == .success)
        #expect(clean.out == "[]\n")
        #expect(clean.err == "")
        let cleanText = await Run.cellar(["check"], in: site)
        #expect(cleanText.status == .success)
        #expect(cleanText.out.hasPrefix("No problems found in ") && cleanText.out.hasSuffix(" pages.\n"))
        #expect(!FileManager.default.fileExists(atPath: site + "/public"))

        let twice = await Run.cellar(["new", "review", "posts/dune"], in: site)
        #expect(twice.status == .failure)
        #expect(twice.err.contains("error: \(site)/content/posts/dune.md already exists\n"))
    }

    @Test func checkJSONGivesEveryKeyInOrderWithNullsForMissingPlacesAndHints() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        try Data("---\ntitle: Second\ntags: [celar]\n---\nSee [the first post](/posts/helo-world/).\n".utf8)
            .write(to: URL(fileURLWithPath: site + "/content/posts/second.md"))
        for name in ["third", "fourth"] {
            try Data("---\ntitle: \(name)\ntags: [cellar]\n---\nText.\n".utf8).write(to: URL(fileURLWithPath: site + "/content/posts/\(name).md"))
        }
        let check = await Run.cellar(["check", "--format", "json"], in: site)
        #expect(check.status == .failure)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(check.out.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(check.out == """
            [
              {"file": "\(site)/content/posts/second.md", "line": 3, "column": 8, "severity": "warning", "message": "tag 'celar' looks like a typo of 'cellar'", "hint": "'cellar' is used by 3 items, 'celar' by 1 item (\(site)/content/posts/second.md); if they are the same tag, write it the same way everywhere; if not, add [celar, cellar] to tags: {similar_ok: …} in \(site)/content/_index.md"},
              {"file": "\(site)/content/posts/second.md", "line": 5, "column": 22, "severity": "error", "message": "link '/posts/helo-world/' leads to no page", "hint": "nothing is published at /posts/helo-world/; did you mean /posts/hello-world/?"}
            ]

            """)
    }

    @Test func usageMistakesExitWithTwo() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        for arguments in [["check", "--format", "yaml"], ["check", "--fromat", "json"], ["new"], ["new", "review"],
                          ["new", "site", "x", "--title", "y"], ["kinds", "--json-schema"]] {
            let run = await Run.cellar(arguments, in: site)
            #expect(run.status == .usage, "\(arguments)")
            #expect(run.out == "", "\(arguments)")
        }
        let format = await Run.cellar(["check", "--format", "yaml"], in: site)
        #expect(format.err.hasPrefix("cellar check: --format must be text or json, found 'yaml'\n"))
    }

    @Test func anUnknownKindOrSectionExitsWithOne() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        let kind = await Run.cellar(["new", "reveiw", "posts/dune"], in: site)
        #expect(kind.status == .failure)
        #expect(kind.err == """
            error: unknown kind 'reveiw' (known kinds: article, link, note, page, photo, quote, release, review, setting, video)
              hint: did you mean 'review'?
            1 error

            """)
        let section = await Run.cellar(["new", "review", "post/dune"], in: site)
        #expect(section.status == .failure)
        #expect(section.err.hasPrefix("error: no section 'post' in \(site)/content/\n  hint: did you mean 'posts'?\n"))
    }

    @Test func kindsListsFieldsAndWritesJSONSchemas() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        let kinds = await Run.cellar(["kinds"], in: site)
        #expect(kinds.status == .success)
        #expect(kinds.out.contains("""
            review — Review: A review of a film, book, album or thing, with a rating out of ten.
              rating   int                            0…10       Score out of ten
              poster   image?                                    Poster or cover art
              verdict  enum?: must-see | good | skip             The short answer

            """))
        #expect(kinds.out.contains("\narticle — Article: A written post") || kinds.out.hasPrefix("article — Article: A written post"))
        #expect(kinds.out.contains("  (the kind of content/posts/)\n"))
        #expect(kinds.out.hasSuffix("aliases ([string]?), expires (date?), language (string?), translation_key (string?).\n"))

        let schemas = await Run.cellar(["kinds", "--json-schema", "schemas"], in: site)
        #expect(schemas.status == .success)
        #expect(schemas.out.hasPrefix("Wrote 10 JSON Schemas (draft-07) to schemas/: article, link, note, page, photo, quote, release, review, setting, video.\n"))
        #expect(schemas.out.contains("  # yaml-language-server: $schema=../../schemas/article.schema.json\n"))
        #expect(schemas.out.contains(#"  "yaml.schemas": { "./schemas/article.schema.json": ["content/posts/*.md"] }"#))
        let review = try String(contentsOfFile: site + "/schemas/review.schema.json", encoding: .utf8)
        #expect(review.contains(#""required": ["title", "rating"]"#))
    }

    /// The site's own `cells/`, `layouts/`… take the place of the theme's files, and `cellar kinds` says which won.
    @Test func kindsSaysWhichTemplateWonWhenTheSiteOverridesTheTheme() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        for (path, text) in ["cells/article.html": "<article class=\"cell\" id=\"{{anchor}}\"><h3>{{title}}</h3></article>\n",
                             "partials/footer.html": "<footer class=\"site-footer\"><p>Mine.</p></footer>\n"] {
            try FileManager.default.createDirectory(atPath: site + "/" + (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: site + "/" + path, atomically: true, encoding: .utf8)
        }
        let kinds = await Run.cellar(["kinds"], in: site)
        #expect(kinds.status == .success)
        let out = kinds.out.replacingOccurrences(of: site + "/", with: "")   // paths as seen from inside the site
        #expect(out.contains("  (the kind of content/posts/; cell: cells/article.html instead of themes/default/cells/article.html)\n"))
        #expect(out.contains("""
            The site's own theme files (used instead of the theme's of the same name):
              cells/article.html    instead of themes/default/cells/article.html
              partials/footer.html  instead of themes/default/partials/footer.html

            Every kind also has:
            """))
        let build = await Run.cellar(["build", "--quiet"], in: site)
        #expect(build.status == .success)
        let home = try String(contentsOfFile: site + "/public/index.html", encoding: .utf8)
        #expect(home.contains("<footer class=\"site-footer\"><p>Mine.</p></footer>"))
    }
}

/// `cellar new site --no-ci`, and the workflow written without it.
@Suite struct NewSiteWorkflowEndToEndTests {
    @Test func newSiteWritesTheDeployWorkflowAndSaysSo() async throws {
        let folder = try TemporaryFolder()
        let run = await Run.cellar(["new", "site", "blog"], in: folder.path)
        #expect(run.status == .success)
        #expect(folder.exists("blog/.github/workflows/deploy.yml"))
        #expect(run.out.contains("the default theme in themes/default/, and .github/workflows/deploy.yml, which publishes it on GitHub Pages on every push to main.\n"))
        let build = await Run.cellar(["build", "--quiet"], in: folder.path + "/blog")
        #expect(build.status == .success)
        #expect(build.err == "")
    }

    @Test func noCILeavesTheWorkflowOut() async throws {
        let folder = try TemporaryFolder()
        let run = await Run.cellar(["new", "site", "blog", "--no-ci"], in: folder.path)
        #expect(run.status == .success)
        #expect(!folder.exists("blog/.github"))
        #expect(folder.exists("blog/content/_index.md"))
        #expect(run.out.contains(", and the default theme in themes/default/.\n"))
        #expect(!run.out.contains("deploy.yml"))
    }

    @Test func noCIIsOnlyForNewSite() async throws {
        let folder = try TemporaryFolder()
        let run = await Run.cellar(["new", "article", "posts/a", "--no-ci"], in: folder.path)
        #expect(run.status == .usage)
        #expect(run.err.hasPrefix("cellar new: --no-ci is for 'new site' only\n"))
    }
}

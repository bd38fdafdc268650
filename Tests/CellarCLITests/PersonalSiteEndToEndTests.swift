import CellarCLI
import Foundation
import Testing

/// Growing `cellar new site` into a personal site, as issue 13 tried it: an about page in the menu,
/// a gallery layout for one section, a new kind whose page shows its fields with no template, a
/// shortcode whose typed argument is wrong, the theme's words in French, and `cellar check`
/// catching a typo in a template.
@Suite struct PersonalSiteEndToEndTests {
    /// `cellar new site mysite` in a fresh folder; the folder (keep it alive) and the site's path.
    private func newSite() async throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let run = await Run.cellar(["new", "site", "mysite"], in: folder.path)
        #expect(run.status == .success)
        return (folder, folder.path + "/mysite")
    }

    private func write(_ files: [String: String], in site: String) throws {
        for (path, text) in files {
            let url = URL(fileURLWithPath: site + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    private func read(_ path: String, in site: String) throws -> String {
        try String(contentsOfFile: site + "/" + path, encoding: .utf8)
    }

    private func build(_ site: String, _ arguments: [String] = []) async -> Run {
        await Run.cellar(["build"] + arguments, in: site)
    }

    @Test func theAboutPageIsInTheMenuOfANewSite() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        #expect(await build(site).status == .success)
        let home = try read("public/index.html", in: site)
        #expect(home.contains("<li><a href=\"/posts/\">Posts</a></li>\n<li><a href=\"/about/\">About</a></li>"))
        let about = try read("public/about/index.html", in: site)
        #expect(about.contains("<li><a href=\"/about/\" aria-current=\"page\">About</a></li>"))
        #expect(about.contains("<article class=\"item item-page wrap narrow\">") && !about.contains("min read"))
    }

    @Test func oneSectionGetsAGalleryLayout() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        try write([
            "themes/default/layouts/gallery.html": """
                {{<base}}{{$main}}<div class="wrap gallery"><h1>{{page.title}}</h1>{{#page.sections}}<div class="gallery-grid">{{{cells}}}</div>{{/page.sections}}</div>{{/main}}{{/base}}
                """,
            "content/photos/_index.md": "---\ntitle: Photos\nkind: photo\nlayout: gallery\n---\n",
            "content/photos/lake.md": "---\ntitle: Lake\ndate: 2026-01-01\nimage: lake.svg\nalt: A lake\n---\n",
            "content/photos/lake.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        ], in: site)
        #expect(await build(site).status == .success)
        #expect(try read("public/photos/index.html", in: site).contains("<div class=\"wrap gallery\"><h1>Photos</h1><div class=\"gallery-grid\">"))
        #expect(try read("public/posts/index.html", in: site).contains("<section class=\"list-section\""))
    }

    @Test func aNewKindsPageShowsItsFieldsWithNoTemplate() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        try write([
            "themes/default/kinds/book.yml": """
                label: Book
                page: true
                fields:
                  author: string
                  pages: {type: int, min: 1, required: false}
                  status: {type: enum, values: [reading, finished, abandoned], default: reading}
                  cover: image?
                """,
            "themes/default/cells/book.html": "<article class=\"cell cell-book\" id=\"{{anchor}}\"><a href=\"{{url}}\">{{title}}</a> {{author}}</article>\n",
            "content/books/_index.md": "---\ntitle: Books\nkind: book\n---\n",
            "content/books/piranesi.md": "---\ntitle: Piranesi\nauthor: Susanna Clarke\npages: 272\n---\n\nA house of halls.\n",
        ], in: site)
        #expect(await build(site).status == .success)
        let page = try read("public/books/piranesi/index.html", in: site)
        for field in ["<dt>Author</dt>\n<dd><span class=\"field-text\">Susanna Clarke</span></dd>",
                      "<dt>Pages</dt>\n<dd><span class=\"field-text\">272</span></dd>",
                      "<dt>Status</dt>\n<dd><span class=\"field-text\">reading</span></dd>"] {
            #expect(page.contains(field), "the page does not show \(field)")
        }
    }

    @Test func aShortcodeWithAWronglyTypedArgumentFailsTheBuildAtTheArgument() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        try write([
            "content/clips/a.mp4": "a clip",
            "content/posts/clip.md": "---\ntitle: Clip\ndate: 2026-01-01\n---\n\n{{< video src=\"/clips/a.mp4\" loop=maybe >}}\n",
        ], in: site)
        let run = await build(site)
        #expect(run.status == .failure)
        #expect(run.err.hasPrefix("""
            \(site)/content/posts/clip.md:6:35: error: 'loop' must be true or false, found "maybe"
             6 | {{< video src="/clips/a.mp4" loop=maybe >}}
               |                                   ^

            """))
        try write(["content/posts/clip.md": "---\ntitle: Clip\ndate: 2026-01-01\n---\n\n{{< video src=\"/clips/a.mp4\" loop=true >}}\n"], in: site)
        #expect(await build(site).status == .success)
        #expect(try read("public/posts/clip/index.html", in: site).contains("<video controls preload=\"metadata\" src=\"/clips/a.mp4\" loop>"))
    }

    @Test func aFrenchSiteGetsTheThemesWordsInFrench() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        let settings = try read("content/_index.md", in: site)
        try write(["content/_index.md": settings.replacingOccurrences(of: "language: en", with: "language: fr")], in: site)
        #expect(await build(site).status == .success)
        let post = try read("public/posts/hello-world/index.html", in: site)
        for words in ["<html lang=\"fr\">", "1 min de lecture", "S’abonner :", "Aller au contenu", "Fait avec"] {
            #expect(post.contains(words), "no \(words)")
        }
        let check = await Run.cellar(["check"], in: site)
        #expect(check.status == .success && check.err == "")
    }

    @Test func checkCatchesATemplateTypoWithADidYouMean() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        let cell = try read("themes/default/cells/article.html", in: site)
        try write(["themes/default/cells/article.html": cell.replacingOccurrences(of: "{{title}}</a>", with: "{{titel}}</a>")], in: site)
        let check = await Run.cellar(["check"], in: site)
        #expect(check.status == .failure)
        #expect(check.err.hasPrefix("\(site)/themes/default/cells/article.html:4:42: error: 'titel' is not a field of kind 'article'; did you mean 'title'?\n"))
    }

    @Test func theBuildSaysWhatItLeftOutAndQuietSaysNothing() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        try write([
            "content/posts/draft.md": "---\ntitle: Draft\ndraft: true\n---\n",
            "content/posts/later.md": "---\ntitle: Later\ndate: 2099-01-01\n---\n",
        ], in: site)
        let run = await build(site)
        #expect(run.out.hasPrefix("Built 8 pages from 2 items in "))   // the default theme's /search/ among them
        #expect(run.out.hasSuffix("; 1 draft and 1 future item not published; --drafts / --future\n"))
        let quiet = await build(site, ["-q", "--clean"])
        #expect(quiet.status == .success && quiet.out == "")
    }

    @Test func newPrintsItsReminderOnlyWhenItWrotePlaceholders() async throws {
        let (folder, site) = try await newSite()
        defer { withExtendedLifetime(folder) {} }
        let note = await Run.cellar(["new", "note", "posts/short", "--title", "Short"], in: site)
        #expect(note.status == .success && note.err == "")
        let review = await Run.cellar(["new", "review", "posts/dune", "--title", "Dune"], in: site)
        #expect(review.err == "Fill in each <…> placeholder; 'cellar check' lists any left.\n")
    }
}

@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// The oracle of the one build pipeline: a site rebuilt in a session from the paths an edit touched
/// (what `cellar serve` does) must write exactly what a build from nothing writes — or fail with
/// exactly its errors — after every kind of edit, and after a long random sequence of them.
@Suite struct IncrementalOracleTests {
    typealias Edit = SessionOracle.Edit

    enum Case: String, CaseIterable, Sendable {
        case wordsOfOneItem, titleThatReordersASection, renamedSection, deletedUnusedKind, deletedKindInUse,
             editedSectionSetting, editedSiteSetting, changedPartial, changedCellTemplate, assetEdit,
             fileMovedBetweenSections, burstOfEdits, staticAndBundleFiles, draftToggled, errorThenOtherEditThenFix,
             newAndDeletedItems, retitledMenuPage, editedShortcodeTemplate, shortcodeAddedToABody, editedThemeText,
             languageOfASectionAndAnItem, chartDataFile, includedSnippet, definitionsFolder, siteOverridesThemeFiles, pageLinkBrokenAndFixed, translations,
             searchIndex, photoAddedReplacedAndBroken, linkTargetMoved, markdownSetting
    }

    /// Each case: a sequence of steps, each step a set of edits made at once.
    static func steps(_ test: Case) -> [[Edit]] {
        let site = OracleSite.self
        switch test {
        case .wordsOfOneItem:
            return [[.write("content/posts/post-3.md", site.post(3, body: "Edited words, same place.\n"))]]
        case .titleThatReordersASection:
            return [[.write("content/notes/note-2.md", site.note(2, title: "Aardvark first"))]]
        case .renamedSection:
            return [[.move("content/notes", to: "content/jottings")]]
        case .deletedUnusedKind:
            return [[.remove("themes/default/kinds/quote.yml"), .remove("themes/default/cells/quote.html"),
                     .remove("themes/default/pages/quote.html")]]
        case .deletedKindInUse:
            let schema = (try? String(contentsOfFile: TemporarySite.repository + "/themes/default/kinds/link.yml", encoding: .utf8)) ?? ""
            return [[.remove("themes/default/kinds/link.yml")], [.write("themes/default/kinds/link.yml", schema)]]
        case .editedSectionSetting:
            return [[.write("content/posts/_index.md", site.postsSection(paginate: 3))]]
        case .editedSiteSetting:
            return [[.write("content/_index.md", site.settings(title: "Renamed site"))]]
        case .changedPartial:
            return [[.write("themes/default/partials/footer.html", "<footer class=\"site-footer\"><p>Changed footer.</p></footer>\n")]]
        case .changedCellTemplate:
            return [[.write("themes/default/cells/note.html", "<article class=\"cell\" id=\"{{anchor}}\"><p>{{title}}</p></article>\n")]]
        case .assetEdit:
            return [[.write("themes/default/assets/css/cellar.css", "body { color: #111; }\n")]]
        case .fileMovedBetweenSections:
            return [[.move("content/posts/post-5.md", to: "content/notes/post-5.md")]]
        case .burstOfEdits:
            return [[.write("content/posts/post-1.md", site.post(1, body: "Burst.\n")),
                     .write("content/notes/note-1.md", site.note(1, title: "Renamed in a burst")),
                     .write("content/posts/post-99.md", site.post(99)),
                     .remove("content/posts/post-2.md"),
                     .write("themes/default/assets/css/cellar.css", "body { margin: 0; }\n")]]
        case .photoAddedReplacedAndBroken:
            // A processed photo (its variants come from the image cache, which the session and the
            // build from nothing share no part of): added, replaced, damaged and restored; then the
            // same photo shown in the item's body too (its `<img>` becomes a `<picture>`), replaced
            // there, and taken out of the body again; its section keeps photos' location, then not.
            let photo = { (name: String) in (try? PhotoProcessingTests.photo(name)) ?? Data() }
            let item = "---\ntitle: Shot\nkind: photo\nimage: shot.jpg\n---\n"
            let shown = item + "The same, in the body:\n\n![The shot](shot.jpg)\n"
            return [[.write("content/posts/shot/index.md", item), .writeData("content/posts/shot/shot.jpg", photo("oriented-gps.jpg"))],
                    [.writeData("content/posts/shot/shot.jpg", photo("other.jpg"))],
                    [.writeData("content/posts/shot/shot.jpg", photo("truncated.jpg"))],
                    [.writeData("content/posts/shot/shot.jpg", photo("plain.jpg"))],
                    [.write("content/posts/shot/index.md", shown)],
                    [.writeData("content/posts/shot/shot.jpg", photo("other.jpg"))],
                    [.write("content/posts/shot/index.md", item)],
                    // Edits that name no photo: the session takes the photo as its last build left it.
                    [.write("content/posts/shot/index.md", item.replacingOccurrences(of: "title: Shot", with: "title: Shot again"))],
                    [.write("content/posts/post-3.md", site.post(3, body: "Edited beside a photo.\n"))],
                    // Edits that name no photo but change which photos an item shows, or where (the
                    // session must not keep its last catalog whole): the field pointed at another
                    // photo, then that photo shown in the body without alt text, then moved down a line.
                    [.writeData("content/posts/shot/second.jpg", photo("plain.jpg"))],
                    [.write("content/posts/shot/index.md", item.replacingOccurrences(of: "image: shot.jpg", with: "image: second.jpg"))],
                    [.write("content/posts/shot/index.md", item + "Both:\n\n![](second.jpg)\n")],
                    [.write("content/posts/shot/index.md", item + "Moved down.\n\nBoth:\n\n![](second.jpg)\n")],
                    [.write("content/posts/post-3.md", site.post(3, body: "Edited beside a photo without alt text.\n"))],
                    // The section keeps its photos' position (the variants' bytes change), then not.
                    [.writeData("content/posts/shot/shot.jpg", photo("oriented-gps.jpg")),
                     .write("content/posts/_index.md", site.postsSection().replacingOccurrences(of: "---\nAll", with: "keep_location: true\n---\nAll"))],
                    [.write("content/posts/_index.md", site.postsSection())]]
        case .staticAndBundleFiles:
            return [[.write("content/files/readme.txt", "changed\n")],
                    [.write("content/posts/trip/map.svg", OracleSite.svg("blue"))]]
        case .draftToggled:
            return [[.write("content/posts/post-4.md", site.post(4, draft: true))],
                    [.write("content/posts/post-4.md", site.post(4))]]
        case .errorThenOtherEditThenFix:
            return [[.write("content/posts/post-6.md", site.post(6, date: "2024-13-45"))],
                    [.write("content/posts/post-7.md", site.post(7, body: "Edited while another file is broken.\n"))],
                    [.write("content/posts/post-6.md", site.post(6))]]
        case .retitledMenuPage:
            return [[.write("content/about.md", site.about(title: "Who we are"))]]
        case .editedShortcodeTemplate:
            return [[.write("themes/default/shortcodes/note.html", "<aside class=\"changed\">{{{inner}}}</aside>\n")]]
        case .shortcodeAddedToABody:
            return [[.write("content/posts/post-5.md", site.post(5, body: site.tip))],
                    [.write("content/posts/post-5.md", site.post(5, body: "{{< note kind=\"x\" >}}\nWrong.\n{{< /note >}}\n"))],
                    [.write("content/posts/post-5.md", site.post(5))]]
        case .languageOfASectionAndAnItem:
            // The section's language reaches every post that names none (pages, cells, dates, theme
            // text, a shortcode's words); then one post speaks its own; then the section goes back.
            return [[.write("content/posts/_index.md", site.postsSection(language: "vi"))],
                    [.write("content/posts/post-5.md", site.post(5, body: site.tip, language: "ja"))],
                    [.write("content/posts/post-3.md", site.post(3, body: site.tip))],
                    [.write("content/posts/_index.md", site.postsSection())]]
        case .editedThemeText:
            return [[.write("themes/default/i18n/en.yml", site.english(previous: "Earlier"))]]
        case .chartDataFile:
            // A chart is drawn from its CSV: an edit of that file alone redraws the page that shows it.
            let trip = "---\ntitle: Trip\ndate: 2024-05-05\ntags: [lists]\n---\n![The map](map.svg)\n\n"
                + "{{< chart \"figures.csv\" title=\"Distance a day\" unit=\"km\" table=true >}}\n"
            return [[.write("content/posts/trip/figures.csv", "day,km\nMonday,12\nTuesday,30\n"), .write("content/posts/trip/index.md", trip)],
                    [.write("content/posts/trip/figures.csv", "day,km\nMonday,12\nTuesday,45\n")],
                    [.write("content/posts/trip/figures.csv", "day,km\nMonday,twelve\n")],
                    [.write("content/posts/trip/figures.csv", "day,km\nMonday,12\n")],
                    [.remove("content/posts/trip/figures.csv")]]
        case .includedSnippet:
            // A file of a snippets folder drawn into a body: an edit of it alone redraws the page,
            // a file it includes in turn too; the folder is never published.
            return [[.write("content/_snippets/steps.md", "## Steps\n\nOne, two.\n"),
                     .write("content/posts/post-3.md", site.post(3, body: "Read [the steps](#steps).\n\n{{< include \"/_snippets/steps\" >}}\n"))],
                    [.write("content/_snippets/steps.md", "## Steps\n\nOne, two, three.\n\n{{< include \"more\" >}}\n"),
                     .write("content/_snippets/more.md", "And more.\n")],
                    [.write("content/_snippets/more.md", "And more still.\n")],
                    [.write("content/_snippets/steps.md", "## Other\n\nThe anchor is gone.\n")],
                    [.remove("content/_snippets/steps.md")]]
        case .definitionsFolder:
            // A glossary drawn from a folder of term files, in a body and in a section's introduction:
            // a term edited, added, renamed and removed redraws both (the folder's listing is what
            // they depend on, with each file's text).
            return [[.write("content/_terms/kettle.md", "---\ntitle: kettle\n---\nBoils.\n"),
                     .write("content/glossary/_index.md", "---\ntitle: Glossary\n---\nThe words.\n\n{{< definitions \"/_terms\" >}}\n"),
                     .write("content/posts/post-3.md", site.post(3, body: "See [the kettle](#kettle).\n\n{{< definitions \"/_terms\" >}}\n"))],
                    [.write("content/_terms/kettle.md", "---\ntitle: kettle\n---\nBoils water.\n")],
                    [.write("content/_terms/cup.md", "---\ntitle: cup\n---\nHolds it.\n")],
                    [.remove("content/_terms/kettle.md"), .write("content/_terms/pot.md", "---\ntitle: pot\n---\nBrews.\n")],
                    [.remove("content/_terms/cup.md"), .remove("content/_terms/pot.md")]]
        case .siteOverridesThemeFiles:
            // The site's own cells/, partials/ and assets/ take the place of the theme's files (the
            // folders made while the session runs), an edit of one redraws what shows it, an edit of
            // the theme's hidden file changes nothing, and removing the override brings the theme's back.
            return [[.write("cells/note.html", "<article class=\"cell\" id=\"{{anchor}}\"><p>Mine: {{title}}</p></article>\n")],
                    [.write("cells/note.html", "<article class=\"cell\" id=\"{{anchor}}\"><p>Edited: {{title}}</p></article>\n")],
                    [.write("partials/footer.html", "<footer class=\"site-footer\"><p>The site's footer.</p></footer>\n"),
                     .write("assets/css/cellar.css", "body { color: #222; }\n")],
                    [.write("themes/default/cells/note.html", "<article class=\"cell\" id=\"{{anchor}}\"><p>Hidden</p></article>\n")],
                    [.write("assets/css/cellar.css", "body { color: #333; }\n")],
                    [.remove("cells/note.html")],
                    [.remove("partials/footer.html"), .remove("assets/css/cellar.css")]]
        case .pageLinkBrokenAndFixed:
            // A link to a page address is checked on every rebuild: written broken, fixed, then broken
            // by the page it leads to going away (a draft), and whole again.
            return [[.write("content/posts/post-3.md", site.post(3, body: "See [post 4](/posts/post-4/) and [more](/posts/post-44/).\n"))],
                    [.write("content/posts/post-3.md", site.post(3, body: "See [post 4](/posts/post-4/).\n"))],
                    [.write("content/posts/post-4.md", site.post(4, draft: true))],
                    [.write("content/posts/post-7.md", site.post(7, body: "Edited while post 3's link is broken.\n"))],
                    [.write("content/posts/post-4.md", site.post(4))],
                    // As warnings (the build goes on), edits of other items keep reporting them.
                    [.write("content/_index.md", site.settings().replacingOccurrences(of: "menu:", with: "links: {broken: warning}\nmenu:")),
                     .write("content/posts/post-3.md", site.post(3, body: "See [more](/posts/post-44/).\n"))],
                    [.write("content/posts/post-7.md", site.post(7, body: "Edited again.\n"))],
                    [.write("content/posts/post-5.md", site.post(5, body: "And [this one](/notes/nope/).\n"))],
                    [.write("content/posts/post-3.md", site.post(3))]]
        case .translations:
            // A site becomes bilingual; translations come, change words, title a menu page, get their
            // own tags and section words, go away; then the site is in one language again.
            let bilingual = site.settings().replacingOccurrences(
                of: "menu:", with: "languages:\n  - {code: en, name: English}\n  - {code: vi, name: Tiếng Việt, title: Sổ tay, menu: [posts, about]}\nmenu:")
            return [[.write("content/_index.md", bilingual)],
                    [.write("content/posts/post-3.vi.md", site.post(3, title: "Bài 3"))],
                    [.write("content/posts/post-3.vi.md", site.post(3, title: "Bài 3", body: "Lời khác.\n"))],
                    [.write("content/about.vi.md", site.about(title: "Giới thiệu"))],
                    [.write("content/about.vi.md", site.about(title: "Về chúng tôi"))],
                    [.write("content/posts/_index.vi.md", "---\ntitle: Bài viết\n---\nTất cả bài viết.\n")],
                    [.write("content/posts/post-4.vi.md", site.post(4, title: "Bài 4", tags: ["thẻ"]))],
                    [.write("content/posts/post-4.vi.md", site.post(4, title: "Bài 4", date: "2023-01-01", tags: ["thẻ", "swift"]))],
                    [.remove("content/posts/post-3.vi.md")],
                    // A bundle's translation shares its files; its words change, then it goes.
                    [.write("content/posts/trip/index.vi.md", "---\ntitle: Chuyến đi\ndate: 2024-05-05\n---\n![Bản đồ](map.svg)\n")],
                    [.write("content/posts/trip/index.vi.md", "---\ntitle: Chuyến đi xa\ndate: 2024-05-05\n---\n![Bản đồ](map.svg)\n")],
                    [.write("content/posts/trip/map.svg", OracleSite.svg("green"))],
                    [.remove("content/posts/trip/index.vi.md")],
                    [.write("content/posts/post-4.md", site.post(4, body: "English words changed.\n"))],
                    [.write("content/_index.md", site.settings())]]
        case .searchIndex:
            // The index follows words, a kind's searchable fields, a section and the site turning search off and on.
            let note = (try? String(contentsOfFile: TemporarySite.repository + "/themes/default/kinds/note.yml", encoding: .utf8)) ?? ""
            let bilingual = site.settings().replacingOccurrences(
                of: "menu:", with: "languages:\n  - {code: en, name: English}\n  - {code: vi, name: Tiếng Việt}\nmenu:")
            return [[.write("content/posts/post-3.md", site.post(3, body: "Zebras, aardvarks and a café in Đà Nẵng; 東京タワー.\n"))],
                    [.write("content/notes/note-2.md", site.note(2, body: "Running notes.\n"))],
                    // Words lost and kept (the session's index edits postings and aliases in place).
                    [.write("content/posts/post-3.md", site.post(3, body: "Aardvarks only; running.\n"))],
                    [.write("content/notes/note-2.md", site.note(2, body: "Zebras and aardvarks.\n"))],
                    // A section's title is in every result of its items.
                    [.write("content/notes/_index.md", site.notesSection.replacingOccurrences(of: "title: Notes", with: "title: Jottings"))],
                    [.write("content/notes/_index.md", site.notesSection)],
                    [.write("themes/default/kinds/note.yml", note + "searchable: body^2\n")],
                    [.write("content/notes/_index.md", site.notesSection.replacingOccurrences(of: "---\n", with: "---\nsearch: false\n",
                                                                                            options: [], range: site.notesSection.range(of: "---\n")))],
                    [.write("content/_index.md", site.settings().replacingOccurrences(of: "menu:", with: "search: false\nmenu:"))],
                    [.write("content/_index.md", site.settings()), .write("content/notes/_index.md", site.notesSection)],
                    [.remove("content/posts/post-3.md")],
                    // Bilingual: an index per language; a Vietnamese item's words touch only the Vietnamese index.
                    [.write("content/_index.md", bilingual)],
                    [.write("content/posts/post-3.vi.md", site.post(3, title: "Bài 3", body: "Cà phê ở Đà Nẵng.\n"))],
                    [.write("content/posts/post-3.vi.md", site.post(3, title: "Bài 3", body: "Cà phê sữa đá.\n"))],
                    [.write("content/posts/_index.vi.md", "---\ntitle: Bài viết\n---\n")],
                    [.write("content/posts/post-4.md", site.post(4, body: "Running zebras.\n"))],
                    [.remove("content/posts/post-3.vi.md")],
                    [.write("content/_index.md", site.settings())]]
        case .linkTargetMoved:
            // Every post links to note 1's file: its address moves (a slug, then a section), and back;
            // the bodies that link to it (kept by a session, or by the last process) must follow.
            let moved = "---\ntitle: Note 1\nslug: first-note\ndate: 2024-02-11\n---\nNote 1.\n"
            return [[.write("content/notes/note-1.md", moved)],
                    [.write("content/posts/post-3.md", site.post(3, body: "Words beside [the note](../notes/note-1.md).\n"))],
                    [.move("content/notes/note-1.md", to: "content/posts/note-1.md")],
                    [.move("content/posts/note-1.md", to: "content/notes/note-1.md")],
                    [.write("content/notes/note-1.md", site.note(1))]]
        case .markdownSetting:
            // A setting every body is rendered under: raw HTML in a body is dropped, then kept, then dropped.
            let unsafe = site.settings().replacingOccurrences(of: "menu:", with: "markdown: {unsafe: true}\nmenu:")
            return [[.write("content/posts/post-3.md", site.post(3, body: "Raw <b>bold</b> words.\n"))],
                    [.write("content/_index.md", unsafe)],
                    [.write("content/posts/post-4.md", site.post(4, body: "More <i>raw</i> words.\n"))],
                    [.write("content/_index.md", site.settings())]]
        case .newAndDeletedItems:
            return [[.write("content/notes/note-50.md", site.note(50))], [.remove("content/notes/note-50.md")],
                    [.remove("content/links/link-1.md")]]
        }
    }

    @Test(arguments: Case.allCases)
    func anIncrementalRebuildWritesWhatAFreshBuildWrites(_ test: Case) async throws {
        let oracle = try SessionOracle(files: OracleSite.files())
        try await oracle.start()
        for (number, edits) in Self.steps(test).enumerated() {
            let (mismatch, written, _) = try await oracle.apply(edits)
            #expect(mismatch == nil, "step \(number + 1) (\(edits)): \(mismatch ?? "")")
            if test == .wordsOfOneItem || test == .assetEdit {
                // Only the stylesheet; or the item's page, its section and tag pages and the site's and
                // section's feeds in three formats, and the search shards of the words it changed and its
                // metadata chunk — of the site's 70-odd files.
                #expect((written ?? 99) <= (test == .assetEdit ? 1 : 9 + 3), "written: \(written ?? -1)")
            }
        }
    }

    /// The same edits, the session told nothing: it finds what changed by comparing the input
    /// snapshot it takes with its last one, and must still write what a fresh build writes.
    @Test(arguments: Case.allCases)
    func aRebuildThatComparesSnapshotsWritesWhatAFreshBuildWrites(_ test: Case) async throws {
        let oracle = try SessionOracle(files: OracleSite.files(), tellsPaths: false)
        try await oracle.start()
        for (number, edits) in Self.steps(test).enumerated() {
            let mismatch = try await oracle.apply(edits).mismatch
            #expect(mismatch == nil, "step \(number + 1) (\(edits)): \(mismatch ?? "")")
        }
    }

    /// `cellar build` in a new process after each edit (a fresh ``SiteBuilder``, nothing in memory,
    /// the same `.cellar-cache`): it renders only the pages whose fingerprint moved (``KeptPages``)
    /// and must write exactly what a build from nothing writes.
    @Test(arguments: Case.allCases)
    func aNewProcessAfterEachEditWritesWhatAFreshBuildWrites(_ test: Case) async throws {
        let oracle = try SessionOracle(files: OracleSite.files(), newProcess: true)
        try await oracle.start()
        for (number, edits) in Self.steps(test).enumerated() {
            let (mismatch, _, rendered) = try await oracle.apply(edits)
            #expect(mismatch == nil, "step \(number + 1) (\(edits)): \(mismatch ?? "")")
            if test == .wordsOfOneItem {
                // The item's page, its neighbours', its section's and tag's list pages and the home
                // page at most, of the site's 30-odd pages: the others were kept from the last process.
                #expect((rendered ?? 99) <= 9, "rendered: \(rendered ?? -1)")
            }
            if test == .assetEdit { #expect(rendered == 0, "rendered: \(rendered ?? -1)") }
        }
    }

    /// 200 random edits, seeded so a failure can be replayed: after each, the session's output is the
    /// fresh build's (or both fail alike).
    @Test func aRandomSequenceOfEditsKeepsTheSessionAndAFreshBuildAlike() async throws {
        try await Self.randomEdits(200, seed: 0x5EED_CE11A2, to: SessionOracle(files: OracleSite.files()))
    }

    /// 60 random edits, each followed by `cellar build` in a new process (``KeptPages``): its output
    /// is the fresh build's after each (or both fail alike).
    @Test func aRandomSequenceOfEditsKeepsNewProcessesAndAFreshBuildAlike() async throws {
        try await Self.randomEdits(60, seed: 0x0E_4B_0C_E5, to: SessionOracle(files: OracleSite.files(), newProcess: true))
    }

    /// Applies `count` random edits (seeded by `seed`) to `oracle`, checking after each that the
    /// served copy is what a fresh build makes; stops at the first mismatch.
    private static func randomEdits(_ count: Int, seed: UInt64, to oracle: SessionOracle) async throws {
        try await oracle.start()
        var random = OracleSite.Random(seed: seed)
        var state = OracleSite.State()
        for step in 1...count {
            let edits = state.randomEdits(using: &random)
            let mismatch = try await oracle.apply(edits).mismatch
            #expect(mismatch == nil, "step \(step) (\(edits)): \(mismatch ?? "")")
            if mismatch != nil { break }
        }
    }
}

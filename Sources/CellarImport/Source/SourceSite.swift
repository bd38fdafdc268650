import CellarDiagnostics
import CellarMarkdown
import CellarTree
import Foundation

/// A source site as a dialect's reader found it: its settings in Cellar's terms, its content files,
/// the files to copy and what it left out.
struct SourceSite: Sendable {
    var settings: SourceSettings
    var documents: [SourceDocument] = []
    /// Files copied as they are: source path (relative to the source folder) → path under `content/`.
    var copies: [FileCopy] = []
    /// Hugo: the folder the default language's pages are read from (`content`, `content/en`).
    var contentDir = "content"
    /// Jekyll: the folders Liquid pages listing the posts are published at (`news` for `/news/`).
    var postsListFolders: [String] = []
    var notes: [ImportNote] = []
    /// Markdown pages the source never renders (headless, `render: never`): snippets its pages
    /// include. Each is written, body only, under a folder of snippets (`_…`) of the new site.
    var snippets: [SourceDocument] = []
    /// Pages drawn from a data file (Jekyll's `{% for x in site.data.NAME %}`): sections of their rows.
    var dataSections: [DataSection] = []
    /// How the source publishes each document: its URL rules.
    var urlRules: any URLRules
    /// Hugo: `_index.<lang>.md` of a section or of the home page — their words in another language.
    var indexTranslations: [SourceDocument] = []
}

/// One language of a multilingual source site (Hugo's `[languages.vi]`).
struct SourceLanguage: Sendable, Hashable {
    var code: String
    var name: String?
    var weight: Int
    var title: String?
    var description: String?
}

/// One file copied into the new site's `content/`.
struct FileCopy: Sendable, Hashable {
    /// Relative to the source folder: `static/images/a.png`.
    var source: String
    /// Relative to the new site's `content/`: `images/a.png`.
    var target: String
}

/// A link of the source's main menu.
struct MenuLink: Sendable, Hashable {
    var label: String
    /// The address as the source wrote it, or nil when ``document`` names the page instead.
    var url: String?
    /// The source path of the page it leads to (Jekyll's `header_pages:`).
    var document: String?
    var weight: Int
}

/// What a source generator's configuration says, in Cellar's terms. Each value keeps where it
/// was read, for the report.
struct SourceSettings: Sendable {
    var file: String?
    var title: String?
    var description: String?
    var baseURL: String?
    var language: String?
    /// The IANA name the source gives (`timezone:`, `timeZone`), if any.
    var timeZoneName: String?
    var timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
    var author: String?
    var copyright: String?
    var paginate: Int?
    var menu: [MenuLink] = []
    /// A multilingual source: its languages, the default one first (empty for a site in one language).
    var languages: [SourceLanguage] = []
    /// Hugo's `defaultContentLanguageInSubdir`: the default language's pages under `/<code>/` too.
    var defaultLanguageInSubdir = false
    /// The default language's code (Hugo's `defaultContentLanguage`).
    var defaultLanguage = "en"
    /// Whether the source passes raw HTML in Markdown through (kramdown does; Hugo's Goldmark only with `unsafe`).
    var rawHTML = false
    /// Front-matter fields merged into Cellar's tags (tags, categories and other taxonomies).
    var taxonomies: [String] = ["tags", "categories"]
    /// Jekyll's `excerpt_separator`, when it is not the default first paragraph.
    var excerptSeparator: String?
    /// Jekyll: every scalar of `_config.yml` by its dotted name, for `{{ site.name }}` in bodies.
    var templateValues: [String: String] = [:]
    /// Hugo's lower-cased URLs (`disablePathToLower = false`).
    var lowercasePaths = true
    /// Jekyll: where the source's own feed templates published feeds Cellar does not write (`/atom.xml`).
    var feedAliases: [String] = []
    /// How the source's Markdown gave headings their ids: GitHub's style for Hugo's Goldmark and
    /// kramdown's GFM parser (Jekyll's default), kramdown's for `input: kramdown`.
    var anchorStyle: AnchorStyle = .github
    /// Hugo: definition lists (Goldmark's, on unless `definitionList = false`), and ids for their
    /// terms (`autoDefinitionTermID`).
    var definitionLists = false
    /// Hugo: the source's link render hook (`layouts/_markup/render-link.html`), which resolved links
    /// by its own rules (`[term](g)`); Cellar does not run it.
    var linkRenderHook: String?
    /// Hugo: the site's shortcodes that list a section's pages as a definition list (a glossary),
    /// by name, with the section path they list (``ListingShortcodes``).
    var listingShortcodes: [String: String] = [:]
    var definitionTermIDs = false
}

/// One content file of the source site: a post, a page, or the settings of a section or of the home page.
struct SourceDocument: Sendable {
    enum Role: Sendable, Hashable {
        case post, page, sectionIndex, homeIndex
    }

    var role: Role
    /// Relative to the source folder: `_posts/2020-01-02-hello.md`, `content/posts/b/index.md`.
    var path: String
    /// As places in the report show it.
    var display: String
    /// The Cellar section it goes to (`posts`), `""` for top-level pages.
    var section: String
    /// Where it is written under the new site's `content/` (`posts/hello.md`, `posts/b/index.md`).
    var target: String
    /// For a bundle: its source folder, whose other files are copied beside it.
    var bundle: String?
    var frontMatter: LocatedNode?
    /// The line of the file the front matter starts on (2 after a fence).
    var frontMatterLine: Int = 2
    var body: String
    var bodyFirstLine: Int
    /// The body is HTML (a page rendered by blogdown, an HTML page of Jekyll), not Markdown.
    var isHTML = false
    /// The date a Jekyll post's file name gives (`2016-1-29-slug.md`), and its slug part.
    var fileDate: LooseDate?
    /// The name the file gives: a Jekyll post's slug part, a file's base name, a bundle's folder name.
    var fileSlug: String
    /// Categories the folders above `_posts` give (`blog/_posts/…` → `blog`).
    var pathCategories: [String] = []
    /// A Jekyll draft (`_drafts/`).
    var isDraftFile = false
    /// The file's modification time (Jekyll dates drafts with it).
    var modified: Date?
    /// Jekyll: the collection (`posts`, `docs`) and the path inside it without extension (`/guides/install`).
    var collection: String?
    var collectionPath: String = ""
    /// Hugo: the folder under `content/` (`posts/2020`), and whether it is a top-level page.
    var contentFolder: String = ""
    /// The language of a translation (`post.vi.md`, a page of `content/vi/`); nil for the default language's.
    var language: String?
    /// What links it to its translations in the source: Hugo's `translationKey`, else its path under
    /// its language's content folder without the language (`posts/a.md`).
    var translationKey: String?

    /// `file:1:1`, for notes about the whole file.
    var location: SourceLocation { SourceLocation(file: display) }

    /// A place `line` lines into the body (1-based) at `column`.
    func bodyLocation(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: display, line: bodyFirstLine + line - 1, column: column)
    }
}

extension SourceSite {
    /// Leaves a file or page of the source out of the import: a note that says why, counted in the report.
    mutating func leaveOut(_ topic: ImportNote.Topic, _ message: String, at location: SourceLocation? = nil, hint: String? = nil,
                           report: inout ImportReport) {
        notes.append(ImportNote(.leftOut, topic, message, at: location, hint: hint))
        report[.filesLeftOut] += 1
    }
}

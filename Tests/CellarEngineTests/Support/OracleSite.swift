import CellarSiteTestSupport
import CellarTestSupport
import Foundation

/// The small site the oracle tests edit: posts grouped by month and paginated, notes sorted by
/// title, links without pages, a bundle, a static file, tags, links between items, a standalone
/// page in the menu, a body that calls a shortcode.
enum OracleSite {
    static func settings(title: String = "Oracle", homeItems: Int = 3) -> String {
        "---\ntitle: \(title)\nbase_url: https://example.org/\nkind: article\nhome_items: \(homeItems)\n"
            + "menu: [posts, notes, links, about]\n---\nWelcome to [the posts](posts/_index.md).\n"
    }

    static func about(title: String = "About") -> String {
        "---\ntitle: \(title)\n---\nAbout the oracle.\n"
    }

    /// A body with a paired shortcode.
    static let tip = "{{< note type=\"tip\" >}}\nA *tip* about [notes](../notes/note-1.md).\n{{< /note >}}\n"

    /// The repository theme's text file of a language, with `previous` said another way.
    static func english(previous: String) -> String {
        let text = (try? String(contentsOfFile: TemporarySite.repository + "/themes/default/i18n/en.yml", encoding: .utf8)) ?? ""
        return text.replacingOccurrences(of: "\nprevious: Previous\n", with: "\nprevious: \(previous)\n")
    }

    static func postsSection(paginate: Int = 4, groupBy: String = "month", language: String? = nil) -> String {
        "---\ntitle: Posts\npaginate: \(paginate)\ngroup_by: \(groupBy)\n" + (language.map { "language: \($0)\n" } ?? "")
            + "---\nAll the posts.\n"
    }

    static let notesSection = "---\ntitle: Notes\nkind: note\nsort: title\norder: asc\npaginate: 3\n---\n"
    static let linksSection = "---\ntitle: Links\nkind: link\n---\n"
    static let tagNames = ["swift", "linux", "lists", "cells"]

    static func post(_ number: Int, title: String? = nil, date: String? = nil, tags: [String]? = nil,
                     draft: Bool = false, body: String? = nil, language: String? = nil) -> String {
        let day = 1 + (number * 7) % 27, month = 1 + (number * 5) % 12
        let date = date ?? String(format: "2024-%02d-%02d", month, day)
        let tags = tags ?? [tagNames[number % tagNames.count]]
        return "---\ntitle: \(title ?? "Post \(number)")\ndate: \(date)\ntags: [\(tags.joined(separator: ", "))]\n"
            + (draft ? "draft: true\n" : "") + (language.map { "language: \($0)\n" } ?? "") + "---\n"
            + (body ?? "Post \(number) has *words* and a [note](../notes/note-1.md).\n\n## A heading\n\nMore words.\n")
    }

    static func note(_ number: Int, title: String? = nil, body: String? = nil) -> String {
        "---\ntitle: \(title ?? "Note \(number)")\ndate: 2024-02-\(10 + number % 18)\n---\n" + (body ?? "Note \(number).\n")
    }

    static func link(_ number: Int, title: String? = nil) -> String {
        "---\ntitle: \(title ?? "Link \(number)")\ndate: 2024-03-0\(1 + number % 9)\nlink: https://example.org/\(number)\n---\n"
    }

    static func svg(_ colour: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\" fill=\"\(colour)\"/></svg>\n"
    }

    static func files() -> [String: String] {
        var files = [
            "content/_index.md": settings(),
            "content/posts/_index.md": postsSection(),
            "content/notes/_index.md": notesSection,
            "content/links/_index.md": linksSection,
            "content/files/readme.txt": "read me\n",
            "content/posts/trip/index.md": "---\ntitle: Trip\ndate: 2024-05-05\ntags: [lists]\n---\n![The map](map.svg)\n",
            "content/posts/trip/map.svg": svg("red"),
            "content/about.md": about(),
        ]
        for number in 1...8 { files["content/posts/post-\(number).md"] = post(number) }
        files["content/posts/post-2.md"] = post(2, body: tip)
        for number in 1...6 { files["content/notes/note-\(number).md"] = note(number) }
        for number in 1...4 { files["content/links/link-\(number).md"] = link(number) }
        return files
    }

    /// The same seed gives the same edits on every machine.
    typealias Random = SeededRandom

    /// What the random sequence knows of the site, to make edits that make sense.
    struct State {
        var posts = Set(1...8)
        var notes = Set(1...6)
        var next = 100
        var broken: Set<Int> = []
        var footer = 0

        mutating func randomEdits(using random: inout Random) -> [SessionOracle.Edit] {
            let count = Int.random(in: 0..<10, using: &random) == 0 ? Int.random(in: 2...4, using: &random) : 1
            return (0..<count).map { _ in randomEdit(using: &random) }
        }

        private mutating func randomEdit(using random: inout Random) -> SessionOracle.Edit {
            let post = posts.sorted().randomElement(using: &random) ?? 1
            let note = notes.sorted().randomElement(using: &random) ?? 1
            let words = ["lists", "cells", "sections", "pages", "feeds", "tags"].shuffled(using: &random).prefix(3).joined(separator: " ")
            // A broken file stays broken for a step or two, as when an author is mid-edit.
            if let fixed = broken.sorted().first, Bool.random(using: &random) {
                broken.remove(fixed)
                return .write("content/posts/post-\(fixed).md", OracleSite.post(fixed))
            }
            switch Int.random(in: 0..<23, using: &random) {
            case 0...4:
                broken.remove(post)
                return .write("content/posts/post-\(post).md", OracleSite.post(post, body: "Now about \(words).\n"))
            case 5:
                broken.remove(post)
                return .write("content/posts/post-\(post).md", OracleSite.post(post, title: "Post \(post) — \(words)"))
            case 6:
                broken.remove(post)
                return .write("content/posts/post-\(post).md",
                              OracleSite.post(post, date: "2023-\(Int.random(in: 10...12, using: &random))-0\(Int.random(in: 1...9, using: &random))"))
            case 7:
                broken.remove(post)
                return .write("content/posts/post-\(post).md",
                              OracleSite.post(post, tags: Array(OracleSite.tagNames.shuffled(using: &random).prefix(2))))
            case 8:
                broken.remove(post)
                return .write("content/posts/post-\(post).md", OracleSite.post(post, draft: Bool.random(using: &random)))
            case 9:
                next += 1
                posts.insert(next)
                return .write("content/posts/post-\(next).md", OracleSite.post(next))
            case 10 where posts.count > 3:
                posts.remove(post)
                broken.remove(post)
                return .remove("content/posts/post-\(post).md")
            case 11:
                return .write("content/notes/note-\(note).md", OracleSite.note(note, title: "Note \(words)"))
            case 12:
                return .write("content/posts/_index.md",
                              OracleSite.postsSection(paginate: Int.random(in: 2...5, using: &random),
                                                      groupBy: ["month", "year", "none"].randomElement(using: &random) ?? "none"))
            case 13:
                return .write("content/_index.md", OracleSite.settings(title: "Oracle \(words)", homeItems: Int.random(in: 1...4, using: &random)))
            case 14:
                footer += 1
                return .write("themes/default/partials/footer.html", "<footer class=\"site-footer\"><p>Footer \(footer).</p></footer>\n")
            case 15:
                return .write("themes/default/assets/css/cellar.css", "body { color: #\(Int.random(in: 100...999, using: &random)); }\n")
            case 16:
                return .write("content/files/readme.txt", "\(words)\n")
            case 17 where posts.count > 3 && !broken.contains(post):
                posts.remove(post)
                notes.insert(post + 1000)
                return .move("content/posts/post-\(post).md", to: "content/notes/note-\(post + 1000).md")
            case 18:
                broken.insert(post)
                return .write("content/posts/post-\(post).md", OracleSite.post(post, date: "2024-13-45"))
            case 19:
                return .write("content/about.md", OracleSite.about(title: "About \(words)"))
            case 20:
                return .write("themes/default/shortcodes/note.html", "<aside class=\"\(words)\">{{{inner}}}</aside>\n")
            case 21:
                broken.remove(post)
                return .write("content/posts/post-\(post).md", OracleSite.post(post, body: OracleSite.tip))
            default:
                return .write("content/posts/trip/map.svg", OracleSite.svg(["red", "green", "blue"].randomElement(using: &random) ?? "red"))
            }
        }
    }
}

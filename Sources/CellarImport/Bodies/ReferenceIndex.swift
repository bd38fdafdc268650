/// Where the source's documents and files went in the new site, for template tags that name them
/// (`{% post_url %}`, `{% link %}`, `{{< ref >}}`): the tags become Markdown links to the content
/// file, which Cellar turns into its URL.
struct ReferenceIndex: Sendable {
    /// Source path, relative to the source folder (`_posts/2020-01-02-a.md`, `content/posts/a.md`) → target under `content/`.
    var bySourcePath: [String: String] = [:]
    /// Snippets (pages Hugo never renders) by their path under the source's content folder, with
    /// and without `.md`: where each went in the new site (`_common/a.md`).
    var snippets: [String: String] = [:]
    /// Hugo: shortcodes that list a section's pages as a definition list → the folder of `content/`
    /// those pages went to (`_snippets/glossary`), for Cellar's `{{< definitions >}}`.
    var listings: [String: String] = [:]
    /// Jekyll: a post's name without extension (`2020-01-02-a`, and `blog/2020-01-02-a` with its folders) → target.
    var byPostName: [String: String] = [:]
    /// Hugo: the path under `content/` (`posts/a.md`, `posts/a`, `posts/bundle`) → target.
    var byContentPath: [String: String] = [:]
    /// The same, lower-cased, as Hugo's `GetPage` looks paths up whatever their case.
    var byLowercasedContentPath: [String: String] = [:]
    /// Hugo: a file's name alone (`a.md`, `a`) → targets, for refs that give only the name.
    var byName: [String: [String]] = [:]
    /// A target under `content/` → the URL the new site publishes it at (`/news/2020/01/02/a/`).
    var urlByTarget: [String: String] = [:]
    /// Old addresses nothing answers any more (the aliases of a page that became a section's
    /// introduction) → the URL that replaced them, for the site's own links to them.
    var movedURLs: [String: String] = [:]
    /// Every file the new site has under `content/` besides its items (`images/a.png`, `posts/trip/map.svg`).
    var files: Set<String> = []

    /// The content path (`/posts/a.md`), which Cellar turns into its URL in Markdown; inside an HTML
    /// attribute, where it does not, the URL itself.
    func destination(_ target: String, inAttribute: Bool) -> String {
        if inAttribute, let url = urlByTarget[target] { return url }
        return Self.destination(target)
    }

    /// A link destination for a target under `content/`: `/posts/a.md`, spaces and other characters
    /// a Markdown link cannot hold percent-encoded.
    static func destination(_ target: String, fragment: String? = nil) -> String {
        var result = "/"
        for scalar in target.unicodeScalars {
            if scalar.value < 0x80, " ()<>%#?\"\\[]`".unicodeScalars.contains(scalar) || scalar.value < 0x21 {
                result += String(format: "%%%02X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + (fragment.map { "#" + $0 } ?? "")
    }
}

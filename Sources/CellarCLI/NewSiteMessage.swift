import Foundation
import CellarAuthoring
import CellarEngine

/// What `cellar new site` prints once the site exists: what was made and what to do next.
struct NewSiteMessage {
    var site: SiteScaffolder.Result
    /// The folder as the person typed it.
    var typed: String

    func text(_ terminal: Terminal) -> String {
        let folder = typed.hasSuffix("/") ? String(typed.dropLast()) : typed
        let quoted = folder.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" || $0 == "$" })
            ? "'" + folder.replacingOccurrences(of: "'", with: "'\\''") + "'" : folder
        let serve = "cd \(quoted) && cellar serve"
        let width = max(serve.count, "cellar check".count) + 2
        func step(_ command: String, _ comment: String) -> String {
            "  " + command.padding(toLength: max(width, command.count + 1), withPad: " ", startingAt: 0) + "# " + comment
        }
        var made = ["content/ with a section, a first post and an about page in the menu", "the default theme in themes/default/"]
        if site.files.contains(DeployWorkflow.path) {
            made.append("\(DeployWorkflow.path), which publishes it on GitHub Pages on every push to main")
        }
        return """
            Created a new site in \(terminal.styledForStdout(folder + "/", .bold)) (\(site.files.count) files): \
            \(made.dropLast().joined(separator: ", ")), and \(made[made.count - 1]).

            Next steps:
            \(step(serve, "preview it; pages reload on every save"))
              cellar new article posts/second-post --title "Second post"
            \(step("cellar check", "broken links, missing alt text, tags that look like typos"))
            \(step("cellar build", "write the site into public/"))
            """
    }
}

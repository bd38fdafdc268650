import CellarEngine
import CellarDiagnostics
import CellarFiles
import Foundation

/// Creates a new site that builds at once: settings with a menu, one section with one item, an
/// about page, the default theme, and (unless ``deployWorkflow`` is false) a GitHub Actions
/// workflow that publishes it on GitHub Pages.
///
/// ```swift
/// let site = try SiteScaffolder(directory: "mysite", theme: (name: "default", files: themeFiles)).scaffold()
/// print("Created \(site.files.count) files in \(site.directory)")
/// ```
package struct SiteScaffolder: Sendable {
    /// The folder to create (or an empty one to fill), absolute or relative to `workingDirectory`.
    package var directory: String
    package var workingDirectory: String
    /// The date of the first post.
    package var now: Date
    /// The theme written into `themes/<name>/`: each file's path within the theme → its text
    /// (`cellar new site` passes the default theme embedded in the binary).
    package var theme: (name: String, files: [String: String])
    /// Whether to write ``DeployWorkflow`` to `.github/workflows/deploy.yml` (`cellar new site --no-ci` says no).
    package var deployWorkflow: Bool

    /// What was created.
    package struct Result: Sendable, Equatable {
        /// The site folder, absolute.
        package var directory: String
        /// Every file written, relative to the site folder, sorted.
        package var files: [String]
    }

    package init(directory: String, theme: (name: String, files: [String: String]), workingDirectory: String? = nil,
                now: Date = Date(), deployWorkflow: Bool = true) {
        self.directory = directory
        self.theme = theme
        self.deployWorkflow = deployWorkflow
        self.workingDirectory = workingDirectory ?? FileIO.currentDirectory()
        self.now = now
    }

    /// The starter content, relative to the site folder (the theme comes from ``theme``).
    package var starterFiles: [String: String] {
        let name = Paths.lastComponent(of: Paths.absolute(directory, base: workingDirectory))
        let title = SiteConfigLoader.titleFromFolder(name.isEmpty ? "my site" : name)
        let day = DateFormatting.utc.day(now)
        var files = [
            "content/_index.md": """
                ---
                title: \(YAMLText.quoted(title))
                description: A new site made with Cellar.
                base_url: https://example.org/   # where the site will be published
                language: en
                menu: [posts, about, tags]       # the navigation, all of it: sections, pages, tags and links
                ---

                Welcome! This introduction is the body of `content/_index.md`; the front matter above
                holds the site's settings.

                """,
            "content/posts/_index.md": """
                ---
                title: Posts
                description: Everything written here, newest first.
                kind: article
                group_by: year
                ---

                """,
            "content/posts/hello-world.md": """
                ---
                title: Hello, world
                date: \(day)
                tags: [cellar]
                ---

                This is the first post of the site. Every file in `content/posts/` is an item of the
                section's kind, `article`, and is drawn by the theme's cell for that kind.

                Write the next one with `cellar new article posts/second-post --title "Second post"`.

                """,
            "content/about.md": """
                ---
                title: About
                summary: Who writes this site, and how to reach them.
                ---

                A page of its own: a Markdown file at the top of `content/` (or in any folder that is
                not a section) is a standalone page, here at `/about/`, listed in the menu of
                `content/_index.md`.

                """,
            ".gitignore": "public/\n.cellar-cache/\n",
        ]
        if deployWorkflow {
            files[DeployWorkflow.path] = DeployWorkflow.text()
        }
        return files
    }

    /// Creates the site.
    /// - Throws: a diagnostic when the folder is not empty (dotfiles such as `.git` are fine), is a
    ///   file, or cannot be written.
    package func scaffold() throws(Diagnostic) -> Result {
        let root = Paths.absolute(directory, base: workingDirectory)
        let shown = Paths.relative(root, to: workingDirectory).map { $0.isEmpty ? "." : $0 } ?? root
        if let status = FileIO.status(root, followLinks: true) {
            guard status.kind == .directory else {
                throw .error("\(shown) exists and is not a folder", hint: "choose a new folder name for the site")
            }
            let entries: [(name: String, kind: FileStatus.Kind?)]
            do throws(FileIOError) { entries = try FileIO.list(root) } catch { throw error.diagnostic }
            let visible = entries.map(\.name).filter { !$0.hasPrefix(".") }
            if !visible.isEmpty {
                let listed = visible.prefix(3).joined(separator: ", ") + (visible.count > 3 ? ", …" : "")
                throw .error("\(shown)/ is not empty (it holds \(listed))",
                             hint: "create the site in a new folder, or in an empty one (dotfiles such as .git may stay)")
            }
        }
        var written: [String] = []
        do throws(FileIOError) {
            try FileIO.makeDirectories(root)
            let themeFiles = theme.files.map { ("themes/\(theme.name)/" + $0.key, $0.value) }
            for (path, text) in (Array(starterFiles) + themeFiles).sorted(by: { $0.0 < $1.0 }) {
                let target = Paths.join(root, path)
                if path.hasPrefix("."), FileIO.exists(target) { continue }   // keep an existing .gitignore or workflow
                try FileIO.makeDirectories(Paths.parent(of: target))
                try FileIO.write(text, to: target)
                written.append(path)
            }
        } catch {
            throw error.diagnostic
        }
        return Result(directory: root, files: written)
    }
}

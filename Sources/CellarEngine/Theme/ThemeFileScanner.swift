import CellarDiagnostics
import CellarFiles
import CellarOutput
import IgnoredFileNames

/// Finds the files of a theme and of the site's overriding folders (``ThemeFiles``), and hashes
/// what typing and rendering depend on. Symlinks may point anywhere inside their tree — the theme
/// for the theme's files, the site for the site's — and those that leave it, break or loop are
/// reported and not followed.
struct ThemeFileScanner {
    var layout: SiteLayout

    /// Deepest folder nesting followed.
    static let maxDepth = 16

    /// The files, and a hash of which files there are, where each comes from, and the contents of
    /// every file but the assets (kinds and templates). Assets are copied, never read into pages,
    /// and the output writer notices their changes itself: a stylesheet edit under `cellar serve`
    /// must not re-render the site.
    func scan(theme directory: String, display: String, diagnostics: inout DiagnosticBag) -> (ThemeFiles, UInt64) {
        var files: [String: ThemeFiles.File] = [:]
        let themeRoot = FileIO.realPath(directory) ?? directory
        // Files that are not regular are kept (outside `assets/`, which are copied as they are),
        // so that reading one says why it cannot be read.
        walk(directory, display: display, inside: themeRoot, tree: "the theme", diagnostics: &diagnostics) { path, absolute, regular in
            guard regular || !path.hasPrefix("assets/") else { return }
            files[path] = ThemeFiles.File(path: absolute, display: Paths.join(display, path), isSite: false, hides: nil)
        }
        var siteFolders: [String: String] = [:]
        let siteRoot = FileIO.realPath(layout.root) ?? layout.root
        for folder in ThemeFiles.overridingFolders {
            let absolute = Paths.join(layout.root, folder)
            guard FileIO.status(absolute)?.kind != nil else { continue }
            let shown = layout.display(sitePath: folder)
            guard contained(absolute, shown: shown, inside: siteRoot, tree: "the site", diagnostics: &diagnostics) else { continue }
            guard FileIO.isDirectory(absolute) else { continue }
            siteFolders[folder] = absolute
            walk(absolute, display: shown, inside: siteRoot, tree: "the site", diagnostics: &diagnostics) { path, file, regular in
                guard regular || folder != "assets" else { return }
                let relative = Paths.join(folder, path)
                files[relative] = ThemeFiles.File(path: file, display: Paths.join(shown, path), isSite: true,
                                                  hides: files[relative]?.display)
            }
        }
        var hash = StableHash()
        for path in files.keys.sorted() {
            guard let file = files[path] else { continue }
            hash.combine(path)   // which files exist, assets too (they claim URLs)
            hash.combine(file.isSite ? 1 : 0)
            guard !path.hasPrefix("assets/"), FileIO.status(file.path, followLinks: true)?.kind == .file else { continue }
            // A file the fingerprint cannot see would let an edit go unnoticed: it is an error here,
            // at the file, rather than a hole in the hash.
            do throws(FileIOError) {
                try FileIO.read(file.path).withUnsafeBytes { hash.combine($0) }
            } catch {
                diagnostics.error("cannot read the file: \(error.reason)", at: SourceLocation(file: file.display),
                                  hint: error.hint?.replacingOccurrences(of: file.path, with: file.display))
            }
        }
        let themeFiles = ThemeFiles(files: files, siteFolders: siteFolders, themeDisplay: display,
                                    siteDisplay: layout.displayPrefix)
        return (themeFiles, hash.value)
    }

    // MARK: - Private

    /// Calls `found` with each file under `directory` (relative to it), its absolute path and
    /// whether it is a regular file (not a FIFO, socket or device).
    private func walk(_ directory: String, display: String, inside root: String, tree: String,
                      diagnostics: inout DiagnosticBag, found: (String, String, Bool) -> Void) {
        var visited: Set<String> = [FileIO.realPath(directory) ?? directory]
        func walk(_ relative: String, depth: Int) {
            let entries: [(name: String, kind: FileStatus.Kind?)]
            do throws(FileIOError) {
                entries = try FileIO.list(Paths.join(directory, relative))
            } catch {
                // A folder that cannot be listed is not an empty one (no shortcodes, no layouts, silently).
                let shown = Paths.join(display, relative)
                diagnostics.error("cannot read the folder \(shown)/: \(error.reason)", at: SourceLocation(file: shown),
                                  hint: error.hint)
                return
            }
            for entry in entries where !IgnoredFileNames.contains(entry.name) {
                let path = Paths.join(relative, entry.name)
                let absolute = Paths.join(directory, path)
                let shown = Paths.join(display, path)
                if (entry.kind ?? FileIO.status(absolute)?.kind) == .symlink,
                   !contained(absolute, shown: shown, inside: root, tree: tree, diagnostics: &diagnostics) {
                    continue
                }
                guard let status = FileIO.status(absolute, followLinks: true) else { continue }
                if status.kind == .directory {
                    guard depth < Self.maxDepth else {
                        diagnostics.error("folders nest deeper than \(Self.maxDepth) levels at \(shown)",
                                          at: SourceLocation(file: shown))
                        continue
                    }
                    guard visited.insert(FileIO.realPath(absolute) ?? absolute).inserted else {
                        diagnostics.error("the folder \(shown) is reached twice (a symlink loop?)",
                                          at: SourceLocation(file: shown))
                        continue
                    }
                    walk(path, depth: depth + 1)
                } else {
                    found(path, absolute, status.kind == .file)
                }
            }
        }
        walk("", depth: 0)
    }

    /// Whether `path`, when a symlink, leads somewhere inside `root`; reports it when not.
    private func contained(_ path: String, shown: String, inside root: String, tree: String,
                           diagnostics: inout DiagnosticBag) -> Bool {
        guard FileIO.status(path)?.kind == .symlink else { return true }
        guard let real = FileIO.realPath(path) else {
            diagnostics.error("the symlink \(shown) is broken or loops", at: SourceLocation(file: shown),
                              hint: "fix or remove the link")
            return false
        }
        guard Paths.relative(real, to: root) != nil else {
            diagnostics.error("the symlink \(shown) leads outside \(tree), to \(real)", at: SourceLocation(file: shown),
                              hint: "copy the file into \(tree) instead of linking to it")
            return false
        }
        return true
    }
}

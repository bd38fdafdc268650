import CellarDiagnostics

/// Walks `content/` once, sorting what it finds and refusing symlinks that leave the site.
struct ContentScanner {
    var layout: SiteLayout
    /// Deepest folder nesting followed (a guard against symlink tricks and runaway trees).
    var maxDepth = 32

    func scan(diagnostics: inout DiagnosticBag) -> ContentScan {
        var scan = ContentScan()
        guard FileIO.isDirectory(layout.content) else {
            diagnostics.error("no content folder at \(layout.display(sitePath: "content/"))",
                              hint: "run cellar in a site folder, pass --site DIR, or create one with 'cellar new site DIR'")
            return scan
        }
        var visited: Set<String> = [FileIO.realPath(layout.content) ?? layout.content]
        var all = Set<String>()
        walk("", depth: 0, bundle: nil, into: &scan, all: &all, visited: &visited, diagnostics: &diagnostics)
        scan.files = ContentFileSet(all)
        return scan
    }

    /// Names that editors and systems leave behind, never content.
    static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasSuffix(".swx")
            || (name.hasPrefix("#") && name.hasSuffix("#")) || name == "4913" || name == "Thumbs.db"
    }

    // MARK: - Private

    private func walk(
        _ folder: String, depth: Int, bundle: String?, into scan: inout ContentScan, all: inout Set<String>,
        visited: inout Set<String>, diagnostics: inout DiagnosticBag
    ) {
        let absolute = Paths.join(layout.content, folder)
        let entries: [(name: String, kind: FileStatus.Kind?)]
        do throws(FileIOError) { entries = try FileIO.list(absolute) } catch {
            diagnostics.append(error.diagnostic)
            return
        }
        let names = Set(entries.map(\.name))
        var bundle = bundle
        if bundle == nil, names.contains("index.md"), !folder.isEmpty {
            if names.contains("_index.md") {
                diagnostics.error("a folder cannot hold both index.md and _index.md",
                                  at: SourceLocation(file: layout.display(contentPath: Paths.join(folder, "index.md"))),
                                  hint: "_index.md makes a section; index.md makes one item with its files (a bundle)")
            } else {
                bundle = folder
                scan.items.append(ItemSource(contentPath: Paths.join(folder, "index.md"), bundleDirectory: folder))
                all.insert(Paths.join(folder, "index.md"))
            }
        }
        if bundle == nil, names.contains("_index.md") {
            scan.sectionFolders.append(folder)
            all.insert(Paths.join(folder, "_index.md"))
        }
        for entry in entries where !Self.isIgnored(entry.name) {
            let path = Paths.join(folder, entry.name)
            if path == Paths.join(folder, "_index.md") && bundle == nil { continue }
            if let bundle, path == Paths.join(bundle, "index.md") { continue }
            guard var kind = entry.kind ?? FileIO.status(Paths.join(layout.content, path))?.kind else { continue }
            if kind == .symlink {
                guard let target = followLink(path, diagnostics: &diagnostics) else { continue }
                kind = target
            }
            switch kind {
            case .directory:
                guard depth < maxDepth else {
                    diagnostics.error("folders nest deeper than \(maxDepth) levels at \(layout.display(contentPath: path))")
                    continue
                }
                let real = FileIO.realPath(Paths.join(layout.content, path)) ?? path
                guard visited.insert(real).inserted else {
                    diagnostics.error("the folder \(layout.display(contentPath: path)) is reached twice (a symlink loop?)",
                                      at: SourceLocation(file: layout.display(contentPath: path)))
                    continue
                }
                walk(path, depth: depth + 1, bundle: bundle, into: &scan, all: &all, visited: &visited,
                     diagnostics: &diagnostics)
            case .file:
                all.insert(path)
                if let bundle {
                    scan.bundleResources[bundle, default: []].append(path)
                } else if entry.name.hasSuffix(".md") {
                    scan.items.append(ItemSource(contentPath: path, bundleDirectory: nil))
                } else {
                    scan.staticFiles.append(path)
                }
            case .symlink, .other:
                continue
            }
        }
    }

    /// The kind of a symlink's target, when it stays inside the site; else reports why not.
    private func followLink(_ path: String, diagnostics: inout DiagnosticBag) -> FileStatus.Kind? {
        let absolute = Paths.join(layout.content, path)
        let shown = layout.display(contentPath: path)
        guard let real = FileIO.realPath(absolute) else {
            diagnostics.error("the symlink \(shown) is broken or loops", at: SourceLocation(file: shown),
                              hint: "fix or remove the link")
            return nil
        }
        let siteRoot = FileIO.realPath(layout.root) ?? layout.root
        guard Paths.relative(real, to: siteRoot) != nil else {
            diagnostics.error("the symlink \(shown) leads outside the site, to \(real)", at: SourceLocation(file: shown),
                              hint: "copy the file into the site instead of linking to it")
            return nil
        }
        return FileIO.status(real, followLinks: true)?.kind
    }
}

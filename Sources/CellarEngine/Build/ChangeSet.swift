import CellarFiles
/// What changed since the last build: the input every build starts from. Each stage compares it
/// with what it remembers of the last build (its memo) and redoes only the work it reaches, so a
/// full build, a rebuild after an edit and a stylesheet copy are the same pipeline.
enum ChangeSet: Sendable, Hashable {
    /// Nothing from an earlier build may be reused (a first build, `--clean`, a new process).
    case everything
    /// Exactly these absolute paths changed (a file watcher's report, or two ``InputSnapshot``s
    /// compared); nothing else did.
    case paths(Set<String>)

    /// Both change sets at once: what changed before `earlier`'s build failed, and since.
    func merged(with earlier: ChangeSet?) -> ChangeSet {
        switch (self, earlier) {
        case (_, nil): return self
        case (.everything, _), (_, .everything?): return .everything
        case (.paths(let now), .paths(let before)?): return .paths(now.union(before))
        }
    }

    /// Whether the file at `path` (absolute) may differ from when a memo recorded it.
    func mayHaveChanged(_ path: String) -> Bool {
        switch self {
        case .everything: return true
        case .paths(let paths): return paths.contains(path)
        }
    }

    /// The frame of `site` — its scan of `content/`, settings, sections and theme — still holds
    /// after these changes: every changed path is a file the scan already knew that is still a
    /// file (an item, a static file or a theme asset the site uses), and none is a settings file.
    func keepsFrame(of site: LoadedSite) -> Bool {
        guard case .paths(let paths) = self else { return false }
        let assetsFolders = [site.theme.files.siteFolders["assets"], Paths.join(site.theme.directory, "assets")].compactMap { $0 }
        for path in paths {
            guard FileIO.status(path, followLinks: true)?.kind == .file else { return false }
            // An asset the site copies, from where it is copied (not one the site's own hides).
            if assetsFolders.contains(where: { folder in
                Paths.relative(path, to: folder).flatMap { site.theme.assetSource($0)?.path == path ? $0 : nil } != nil
            }) { continue }
            guard let relative = Paths.relative(path, to: site.layout.content), !relative.isEmpty,
                  Paths.lastComponent(of: relative) != "_index.md", !site.config.languages.isIndexTranslation(relative),
                  site.scan.files.contains(relative) else { return false }
        }
        return true
    }
}

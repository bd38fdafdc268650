import CellarDiagnostics
import CellarFiles
import CellarOutput
import Foundation

/// A fingerprint of everything a build reads — every file under `content/`, `themes/` and the
/// site's folders that override theme files (path, size, modification time, inode), the options
/// and Cellar's version — kept with the last build's
/// outcome. When nothing differs, the output is still as written and no scheduled date has come,
/// `cellar build` knows the site is up to date without reading a single file.
struct InputSnapshot: Codable, Sendable {
    var fingerprint: UInt64
    var items: Int
    var pages: Int
    /// The output tree the build finished (its marker's identity): the site is up to date only
    /// while the output is that tree.
    var output: TreeID
    var nextScheduledChange: Date?
    var diagnostics: [Diagnostic]

    static func fileName(in layout: SiteLayout) -> String { Paths.join(layout.cache, "last-build.json") }

    /// The fingerprint of the inputs as they are now.
    static func fingerprint(layout: SiteLayout, options: BuildOptions) -> UInt64 {
        var hash = StableHash()
        hash.combine(CellarVersion.current)
        hash.combine(layout.output)
        hash.combine(options.baseURL ?? "")
        hash.combine(options.includeDrafts ? 1 : 0)
        hash.combine(options.includeFuture ? 1 : 0)
        let site = FileIO.realPath(layout.root) ?? layout.root
        for root in [layout.content, layout.themes] + layout.themeOverrides {
            hash.combine(root)
            hash.combine(walkInParallel(root, inside: site, themes: root == layout.themes))
        }
        return hash.value
    }

    /// The hash of a root's tree: each of its sub-folders walked on whichever core is free (a large
    /// site's files are stat'ed at twice the speed), combined in name order.
    private static func walkInParallel(_ root: String, inside site: String, themes: Bool) -> UInt64 {
        let rootInode = FileIO.status(root, followLinks: true)?.inode ?? 0
        guard let entries = FileIO.listWithStatus(root) else { return 0 }
        let hashes = concurrentMap(entries, chunk: 1) { entry in
            var hash = StableHash()
            var visited: Set<UInt64> = [rootInode]
            walk(root, entries: [entry], depth: 0, inside: site, themes: themes,
                 visited: &visited, into: &hash)
            return hash.value
        }
        var hash = StableHash()
        for value in hashes { hash.combine(value) }
        return hash.value
    }

    /// Hashes a folder's tree. Each folder is walked once (a symlink loop is not a maze), and a linked
    /// folder only where the build reads: inside the site, or — for a theme folder, which may be shared —
    /// anywhere, and then inside that theme.
    private static func walk(_ folder: String, entries known: [(name: String, status: FileStatus?)]? = nil, depth: Int,
                             inside allowed: String, themes: Bool, visited: inout Set<UInt64>, into hash: inout StableHash) {
        guard depth < 40, let entries = known ?? FileIO.listWithStatus(folder) else { return }
        for entry in entries {
            guard let status = entry.status else { continue }
            hash.combine(entry.name)
            hash.combine(status.size)
            hash.combine(UInt64(bitPattern: status.modified))
            hash.combine(status.inode)
            // Permissions and ownership too (ctime): a file made unreadable must be read again.
            hash.combine(UInt64(status.mode))
            hash.combine(UInt64(bitPattern: status.changed))
            if status.kind == .directory {
                if visited.insert(status.inode).inserted {
                    walk(folder + "/" + entry.name, depth: depth + 1, inside: allowed, themes: themes, visited: &visited, into: &hash)
                }
            } else if status.kind == .symlink, case let path = folder + "/" + entry.name,
                      let target = FileIO.status(path, followLinks: true) {
                hash.combine(target.size)
                hash.combine(UInt64(bitPattern: target.modified))
                hash.combine(UInt64(target.mode))
                hash.combine(UInt64(bitPattern: target.changed))
                guard target.kind == .directory, let real = FileIO.realPath(path) else { continue }
                let isTheme = themes && depth == 0
                if isTheme || Paths.relative(real, to: allowed) != nil, visited.insert(target.inode).inserted {
                    walk(path, depth: depth + 1, inside: isTheme ? real : allowed, themes: themes, visited: &visited, into: &hash)
                }
            }
        }
    }

    static func load(_ layout: SiteLayout) -> InputSnapshot? {
        guard let data = FileManager.default.contents(atPath: fileName(in: layout)) else { return nil }
        return try? JSONDecoder().decode(InputSnapshot.self, from: data)
    }

    func save(_ layout: SiteLayout) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        try? FileIO.makeDirectories(layout.cache)
        try? FileIO.writeAtomically(Array(data), to: Self.fileName(in: layout))
    }
}

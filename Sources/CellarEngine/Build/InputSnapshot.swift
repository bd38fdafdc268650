import CellarFiles
import CellarOutput
import Foundation

/// Everything a build reads, as the file system shows it before the build reads any of it: the
/// stamp (``FileStamp``) of every file and folder under `content/`, `themes/` and the site's
/// folders that override theme files, with what the build is for besides them (Cellar's version,
/// the output folder, the options).
///
/// The one way Cellar finds out what changed when nobody said: two snapshots give the
/// ``ChangeSet`` between them (``changes(since:)``). `cellar build` compares the one it takes with
/// the last build's, kept in `.cellar-cache` (``LastBuild``) — nothing changed and the output
/// intact means up to date; a ``BuildSession`` built without a watcher's paths compares it with its
/// last one, and the stages redo only what the paths reach.
struct InputSnapshot: Sendable {
    /// A file or folder (absolute path) and its stamp — for a symlink, the stamp of what it points at.
    struct Entry: Sendable, Hashable {
        var path: String
        var stamp: FileStamp
    }

    /// What the build is for besides the files: another value means everything changed.
    var settings: UInt64
    /// A hash of every entry in walk order: the same value, the same files (as today's single hash did).
    var fingerprint: UInt64
    /// Every entry in walk order (each root's folders in name order), or — for a snapshot read from
    /// the cache — the lines that hold them, read only when the fingerprints differ.
    var files: Files

    enum Files: Sendable {
        case entries([Entry])
        /// ``InputSnapshot/lines()``, and how many entries they must hold (fewer or more: damaged).
        case lines([UInt8], count: Int)
    }

    /// How many files and folders the snapshot holds.
    var count: Int {
        switch files {
        case .entries(let entries): entries.count
        case .lines(_, let count): count
        }
    }

    /// The inputs of the build `options` describe, as they are now.
    static func take(layout: SiteLayout, options: BuildOptions) -> InputSnapshot {
        var settings = StableHash()
        settings.combine(CellarVersion.current)
        settings.combine(layout.output)
        settings.combine(options.baseURL ?? "")
        settings.combine(options.includeDrafts ? 1 : 0)
        settings.combine(options.includeFuture ? 1 : 0)
        var fingerprint = StableHash()
        var entries: [Entry] = []
        let site = FileIO.realPath(layout.root) ?? layout.root
        for root in [layout.content, layout.themes] + layout.themeOverrides {
            let (found, hash) = walkInParallel(root, inside: site, themes: root == layout.themes)
            fingerprint.combine(root)
            fingerprint.combine(hash)
            entries += found
        }
        return InputSnapshot(settings: settings.value, fingerprint: fingerprint.value, files: .entries(entries))
    }

    /// What changed since `earlier` was taken: every path added, removed or with another stamp;
    /// everything when there is no earlier snapshot, it was for other settings, or it cannot be read.
    func changes(since earlier: InputSnapshot?) -> ChangeSet {
        guard let earlier, earlier.settings == settings else { return .everything }
        if earlier.fingerprint == fingerprint { return .paths([]) }
        guard let before = earlier.entries(), let now = entries() else { return .everything }
        var known: [String: FileStamp] = [:]
        known.reserveCapacity(before.count)
        for entry in before { known[entry.path] = entry.stamp }
        var changed: Set<String> = []
        for entry in now {
            if let stamp = known.removeValue(forKey: entry.path), stamp == entry.stamp { continue }
            changed.insert(entry.path)
        }
        changed.formUnion(known.keys)   // gone
        return .paths(changed)
    }

    /// Whether ``changes(since:)`` is empty — the same settings and fingerprint — without reading
    /// the earlier snapshot's lines: what `cellar build`'s no-change shortcut asks (a build that
    /// goes on starts afresh whatever the paths, so it has no use for them).
    func isUnchanged(since earlier: InputSnapshot?) -> Bool {
        guard let earlier else { return false }
        return earlier.settings == settings && earlier.fingerprint == fingerprint
    }

    /// The entries; nil when the lines read from the cache are damaged.
    func entries() -> [Entry]? {
        switch files {
        case .entries(let entries): return entries
        case .lines(let bytes, let count):
            guard bytes.last == 0x0A || bytes.isEmpty, let entries = Self.parse(bytes), entries.count == count else { return nil }
            return entries
        }
    }

    // MARK: - Stored form

    /// One line per entry: the stamp's five fields, then the path (a damaged line, or a path with a
    /// line break in it, makes the whole snapshot unreadable: the next build is a full one).
    func lines() -> [UInt8] {
        if case .lines(let bytes, _) = files { return bytes }
        let entries = entries() ?? []
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entries.count * 160)
        for entry in entries {
            entry.stamp.appendFields(to: &bytes)
            bytes.append(0x09)
            var path = entry.path
            path.withUTF8 { bytes.append(contentsOf: $0) }
            bytes.append(0x0A)
        }
        return bytes
    }

    /// The same snapshot holding its lines (``lines()``) instead of its entries: what
    /// ``LastBuild`` writes, made once.
    func stored() -> InputSnapshot {
        InputSnapshot(settings: settings, fingerprint: fingerprint, files: .lines(lines(), count: count))
    }

    static func parse(_ bytes: [UInt8]) -> [Entry]? {
        var entries: [Entry] = []
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let fields = line.split(separator: 0x09, maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count == 6, let stamp = FileStamp(fields: fields[0..<5].map { String(decoding: $0, as: UTF8.self) }),
                  let path = String(validating: fields[5], as: UTF8.self) else { return nil }
            entries.append(Entry(path: path, stamp: stamp))
        }
        return entries
    }

    // MARK: - Walking

    /// A root's entries and their hash: each of its sub-folders walked on whichever core is free (a
    /// large site's files are stat'ed at twice the speed), combined in name order.
    private static func walkInParallel(_ root: String, inside site: String, themes: Bool) -> ([Entry], UInt64) {
        let rootInode = FileIO.status(root, followLinks: true)?.inode ?? 0
        guard let listed = FileIO.listWithStatus(root) else { return ([], 0) }
        let parts = concurrentMap(listed, chunk: 1) { entry in
            var found: [Entry] = []
            var visited: Set<UInt64> = [rootInode]
            walk(root, entries: [entry], depth: 0, inside: site, themes: themes, visited: &visited, into: &found)
            var hash = StableHash()
            for entry in found { combine(entry, into: &hash) }
            return (found, hash.value)
        }
        var hash = StableHash()
        for part in parts { hash.combine(part.1) }
        return (parts.flatMap(\.0), hash.value)
    }

    private static func combine(_ entry: Entry, into hash: inout StableHash) {
        hash.combine(entry.path)
        hash.combine(entry.stamp.size)
        hash.combine(UInt64(bitPattern: entry.stamp.modified))
        hash.combine(UInt64(bitPattern: entry.stamp.changed))
        hash.combine(entry.stamp.inode)
        hash.combine(entry.stamp.device)
    }

    /// Records a folder's tree. Each folder is walked once (a symlink loop is not a maze), and a linked
    /// folder only where the build reads: inside the site, or — for a theme folder, which may be shared —
    /// anywhere, and then inside that theme.
    private static func walk(_ folder: String, entries known: [(name: String, status: FileStatus?)]? = nil, depth: Int,
                             inside allowed: String, themes: Bool, visited: inout Set<UInt64>, into found: inout [Entry]) {
        guard depth < 40, let entries = known ?? FileIO.listWithStatus(folder) else { return }
        for entry in entries {
            guard let status = entry.status else { continue }
            let path = folder + "/" + entry.name
            if status.kind == .directory {
                found.append(Entry(path: path, stamp: status.stamp))
                if visited.insert(status.inode).inserted {
                    walk(path, depth: depth + 1, inside: allowed, themes: themes, visited: &visited, into: &found)
                }
            } else if status.kind == .symlink, let target = FileIO.status(path, followLinks: true) {
                found.append(Entry(path: path, stamp: target.stamp))
                guard target.kind == .directory, let real = FileIO.realPath(path) else { continue }
                let isTheme = themes && depth == 0
                if isTheme || Paths.relative(real, to: allowed) != nil, visited.insert(target.inode).inserted {
                    walk(path, depth: depth + 1, inside: isTheme ? real : allowed, themes: themes, visited: &visited, into: &found)
                }
            } else {
                found.append(Entry(path: path, stamp: status.stamp))
            }
        }
    }
}

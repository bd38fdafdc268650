import AnnotatedLocking
import CellarDiagnostics
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Writes a build's files without ever losing the previous site.
///
/// - A first build (or `--clean`) writes everything into a spare folder beside the output and swaps
///   it in by renaming once the whole build succeeded. The previous output becomes the spare folder
///   of the next such build, which overwrites its files in place: every byte is written again, but
///   files and folders are reused instead of deleted and created anew — on ext4 without a journal,
///   creating files right after deleting thousands is several times slower than rewriting them.
/// - A later build writes only files whose bytes changed, each first to a temporary file beside its
///   target; ``commit()`` renames them all into place (and removes stale files) only once every page
///   rendered. ``abort()`` removes the temporary files, leaving the output exactly as it was.
/// Files whose bytes did not change are not written at all; a build with no change touches nothing.
final class OutputWriter: Sendable {
    struct Summary: Sendable {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    let output: String
    private let previous: OutputManifest?
    /// Whether files the previous build wrote can be assumed unchanged without looking (a folder
    /// nobody else writes to).
    private let trustOutput: Bool
    /// Whether this build writes only some files (an incremental rebuild): the others are kept as
    /// they are, and nothing is removed.
    private let partial: Bool
    /// Fresh builds write here (the spare folder); nil when updating the output in place.
    private let staging: String?
    /// Files and folders already in the spare folder when the build began (relative to it).
    private let spareFiles: Set<String>
    private let spareFolders: Set<String>
    private let suffix = ".cellar-new-\(getpid())"
    private let state: Mutex<State>
    /// Set for a build that keeps its files in memory: nothing touches the disk.
    let captured: CapturedOutput?

    private struct State {
        var madeDirectories: Set<String> = []
        /// Folders this build created inside the output (removed again by `abort()`).
        var createdInOutput: [String] = []
        var pending: [(temporary: String, target: String)] = []
        var manifest: OutputManifest
        var produced: Set<String> = []
        var summary = Summary()
    }

    static let marker = ".cellar-output"
    static let markerText = "This folder is written by Cellar (cellar build) and replaced on every build.\n"

    /// What a writer starts from: nothing, or the spare folder's files and folders.
    struct Start: Sendable {
        var staging: String?
        var files: Set<String> = []
        var folders: Set<String> = []
    }

    /// Prepares a writer: for a full build (no `previous`), readies the spare folder — reusing the
    /// one the build before last left, or creating it (with Cellar's marker in it from the start).
    /// - Parameter previous: the last build's manifest, or nil to write everything afresh.
    static func make(output: String, previous: OutputManifest?, trustOutput: Bool = false,
                     partial: Bool = false) throws(FileIOError) -> OutputWriter {
        guard previous == nil else {
            return OutputWriter(output: output, previous: previous, start: Start(), trustOutput: trustOutput, partial: partial)
        }
        var start = Start()
        var staging = spareFolder(for: output)
        if FileIO.exists(staging), !FileIO.exists(Paths.join(staging, marker)) {
            // Not ours (no marker): leave it alone and write beside it.
            staging = Paths.join(Paths.parent(of: output), "." + Paths.lastComponent(of: output) + ".cellar-staging-\(getpid())")
            FileIO.removeTree(staging)
        }
        if FileIO.isDirectory(staging) {
            walk(staging, "", files: &start.files, folders: &start.folders)
        } else {
            try FileIO.makeDirectories(staging)
            try FileIO.write(markerText, to: Paths.join(staging, marker))
        }
        start.staging = staging
        return OutputWriter(output: output, previous: nil, start: start, trustOutput: false, partial: false)
    }

    /// A writer that keeps every file in memory (``captured``) and writes nothing.
    static func inMemory(output: String) -> OutputWriter {
        OutputWriter(output: output, previous: nil, start: Start(), trustOutput: false, partial: false, capture: CapturedOutput())
    }

    private init(output: String, previous: OutputManifest?, start: Start, trustOutput: Bool, partial: Bool,
                 capture: CapturedOutput? = nil) {
        self.captured = capture
        self.output = output
        self.previous = previous
        self.trustOutput = trustOutput && previous != nil
        self.partial = partial && previous != nil
        self.staging = start.staging
        self.spareFiles = start.files
        self.spareFolders = start.folders
        var state = State(manifest: self.partial ? previous ?? OutputManifest(outputPath: output)
                                                  : OutputManifest(outputPath: output))
        if let staging = start.staging {
            state.madeDirectories.insert(staging)
            for folder in start.folders { state.madeDirectories.insert(Paths.join(staging, folder)) }
        } else {
            state.madeDirectories.insert(output)
        }
        self.state = Mutex(state)
    }

    /// Checks that the output folder may be replaced: missing, empty, or written by Cellar before.
    static func checkReplaceable(_ output: String, display: String) throws(Diagnostic) {
        guard let status = FileIO.status(output, followLinks: true) else { return }
        guard status.kind == .directory else {
            throw .error("the output path \(display) exists and is not a folder", hint: "choose another --output")
        }
        let entries = (try? FileIO.list(output)) ?? []
        if entries.contains(where: { $0.name == marker }) { return }
        let visible = entries.filter { !$0.name.hasPrefix(".") }
        if visible.isEmpty { return }
        throw .error(
            "refusing to replace \(display): it is not empty and was not written by Cellar (no \(marker) file in it)",
            hint: "move its files elsewhere, or build into another folder with --output DIR"
        )
    }

    /// Writes one file (`path` relative to the output) unless the previous build wrote the same bytes.
    func write(_ contents: String, to path: String) throws(FileIOError) {
        var contents = contents
        var failure: FileIOError?
        contents.withUTF8 { buffer in
            do throws(FileIOError) { try write(UnsafeRawBufferPointer(buffer), to: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileIOError) {
        if let captured {
            captured.record(path, bytes: bytes)
            return state.withAnnotatedLock { $0.summary.written += 1 }
        }
        var hash = StableHash()
        hash.combine(bytes)
        try place(path, fingerprint: hash.value, size: bytes.count) { (target) throws(FileIOError) in
            try FileIO.write(bytes, to: target)
        }
    }

    /// Keeps the file the previous build wrote at `path`, when it is still there as written.
    /// - Returns: false when the file must be written again.
    func keep(_ path: String) -> Bool {
        guard staging == nil, let old = previous?.entries[path], isIntact(path, old) else { return false }
        state.withAnnotatedLock { state in
            state.produced.insert(path)
            state.manifest.entries[path] = old
            state.summary.unchanged += 1
        }
        return true
    }

    /// Copies a file (`source` absolute) to `path`, unless the previous build copied the same source.
    func copy(_ source: String, to path: String) throws(FileIOError) {
        guard let status = FileIO.status(source, followLinks: true) else {
            throw FileIOError(path: source, operation: "read", code: ENOENT)
        }
        if let captured {
            captured.record(path, bytes: nil)
            return state.withAnnotatedLock { $0.summary.written += 1 }
        }
        var hash = StableHash()
        hash.combine(status.size)
        hash.combine(UInt64(bitPattern: status.modified))
        hash.combine(status.inode)
        try place(path, fingerprint: hash.value, size: status.size) { (target) throws(FileIOError) in
            try FileIO.copy(source, to: target)
        }
    }

    /// Puts the new output in place: swaps the staging folder in, or renames the new files over the
    /// old ones and removes stale files. Returns the manifest to keep for the next build.
    func commit() throws(FileIOError) -> (OutputManifest, Summary) {
        let (pending, produced, summary) = state.withAnnotatedLock { ($0.pending, $0.produced, $0.summary) }
        var final = summary
        if captured != nil {
            return (state.withAnnotatedLock { $0.manifest }, final)
        }
        if let staging {
            try FileIO.makeDirectories(staging)
            // What the spare folder held that this build did not write goes away.
            for path in spareFiles.subtracting(produced) where path != Self.marker { FileIO.remove(Paths.join(staging, path)) }
            for folder in spareFolders.sorted(by: { $0.count > $1.count }) { rmdir(Paths.join(staging, folder)) }
            try FileIO.write(Self.markerText, to: Paths.join(staging, Self.marker))
            try swap(staging)
        } else {
            for (temporary, target) in pending {
                try FileIO.rename(temporary, to: target)
            }
            let stale = partial ? [] : (previous?.entries.keys).map { Set($0).subtracting(produced) } ?? []
            for path in stale { FileIO.remove(Paths.join(output, path)) }
            final.removed = stale.count
            removeEmptyFolders(left: stale)
            if !FileIO.exists(Paths.join(output, Self.marker)) {
                try FileIO.write(Self.markerText, to: Paths.join(output, Self.marker))
            }
        }
        return (state.withAnnotatedLock { $0.manifest }, final)
    }

    /// Removes what this build wrote; the output is left as it was. (A spare folder stays: the next
    /// full build rewrites or removes every file in it.)
    func abort() {
        if staging != nil || captured != nil { return }
        let (pending, created) = state.withAnnotatedLock { ($0.pending, $0.createdInOutput) }
        for (temporary, _) in pending { FileIO.remove(temporary) }
        for folder in created.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
    }

    // MARK: - Private

    private func place(
        _ path: String, fingerprint: UInt64, size: Int, write: (String) throws(FileIOError) -> Int64
    ) throws(FileIOError) {
        if staging == nil, let old = previous?.entries[path], old.fingerprint == fingerprint, old.size == size,
           isIntact(path, old) {
            state.withAnnotatedLock { state in
                state.produced.insert(path)
                state.manifest.entries[path] = old
                state.summary.unchanged += 1
            }
            return
        }
        let target = Paths.join(staging ?? output, path)
        try makeParent(of: target)
        let written = staging == nil ? temporaryName(for: target) : target
        let modified = try write(written)
        state.withAnnotatedLock { state in
            if staging == nil { state.pending.append((written, target)) }
            state.produced.insert(path)
            state.manifest.entries[path] = OutputManifest.Entry(fingerprint: fingerprint, size: size, modified: modified)
            state.summary.written += 1
        }
    }

    /// `target` plus ``suffix``, or — when that would be longer than a file name may be (255 bytes) —
    /// a short hidden name in the same folder.
    private func temporaryName(for target: String) -> String {
        if Paths.lastComponent(of: target).utf8.count + suffix.utf8.count <= 255 { return target + suffix }
        return Paths.join(Paths.parent(of: target), "." + String(StableHash.of(target), radix: 16) + suffix)
    }

    /// Whether the file at `path` is still as the previous build wrote it.
    private func isIntact(_ path: String, _ entry: OutputManifest.Entry) -> Bool {
        if trustOutput { return true }
        guard let status = FileIO.status(Paths.join(output, path)) else { return false }
        return status.size == entry.size && status.modified == entry.modified
    }

    /// Makes the folders above `target`, asking the file system only about folders not seen yet.
    private func makeParent(of target: String) throws(FileIOError) {
        let parent = Paths.parent(of: target)
        var unknown: [String] = []
        state.withAnnotatedLock { state in
            var folder = parent
            while !folder.isEmpty, folder != "/", !state.madeDirectories.contains(folder) {
                unknown.append(folder)
                folder = Paths.parent(of: folder)
            }
        }
        if unknown.isEmpty { return }
        var created: [String] = []
        for folder in unknown.reversed() {
            // In a fresh staging folder nothing exists yet: create without asking first.
            if staging == nil, FileIO.isDirectory(folder) { continue }
            try FileIO.makeDirectory(folder)
            created.append(folder)
        }
        state.withAnnotatedLock { state in
            state.madeDirectories.formUnion(unknown)
            if staging == nil { state.createdInOutput += created }
        }
    }

    /// After stale files went away, folders left empty go too (never the output itself).
    private func removeEmptyFolders(left stale: Set<String>) {
        var folders = Set(stale.map { Paths.parent(of: $0) }.filter { !$0.isEmpty })
        while !folders.isEmpty {
            var parents = Set<String>()
            for folder in folders where rmdir(Paths.join(output, folder)) == 0 {
                let parent = Paths.parent(of: folder)
                if !parent.isEmpty { parents.insert(parent) }
            }
            folders = parents
        }
    }

    /// The folder beside the output that full builds write into: `.public.cellar-spare`.
    static func spareFolder(for output: String) -> String {
        Paths.join(Paths.parent(of: output), "." + Paths.lastComponent(of: output) + ".cellar-spare")
    }

    /// Every file and folder under `root` (relative), without following symlinks.
    private static func walk(_ root: String, _ relative: String, files: inout Set<String>, folders: inout Set<String>) {
        guard let entries = try? FileIO.list(Paths.join(root, relative)) else { return }
        for entry in entries {
            let path = Paths.join(relative, entry.name)
            switch entry.kind ?? FileIO.status(Paths.join(root, path))?.kind {
            case .directory?:
                folders.insert(path)
                walk(root, path, files: &files, folders: &folders)
            default:
                files.insert(path)
            }
        }
    }

    /// Moves the spare folder into place; the previous output becomes the next spare folder.
    private func swap(_ spare: String) throws(FileIOError) {
        let parent = Paths.parent(of: output)
        guard FileIO.isDirectory(output) else {
            try FileIO.makeDirectories(parent)
            try FileIO.rename(spare, to: output)
            return
        }
        // Hidden files Cellar did not write (.git, .gitignore, .nojekyll) move across.
        for entry in (try? FileIO.list(output)) ?? [] where entry.name.hasPrefix(".") && entry.name != Self.marker {
            let target = Paths.join(spare, entry.name)
            FileIO.removeTree(target)
            try? FileIO.rename(Paths.join(output, entry.name), to: target)
        }
        let old = Paths.join(parent, "." + Paths.lastComponent(of: output) + ".cellar-old-\(getpid())")
        try FileIO.rename(output, to: old)
        do throws(FileIOError) {
            try FileIO.rename(spare, to: output)
        } catch {
            try? FileIO.rename(old, to: output)
            throw error
        }
        if (try? FileIO.rename(old, to: spare)) == nil { FileIO.removeTree(old) }
    }
}

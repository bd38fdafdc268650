import AnnotatedLocking
import CellarDiagnostics
import CellarEscaping
import CellarFiles
import Synchronization

/// Writes a build's files into the spare folder beside the output, never into the output itself;
/// ``commit()`` then swaps the two in one atomic step (see ``OutputSwap``). At every instant the
/// output is the previous site or the new one, whole.
///
/// The spare holds the site as it was one or two builds ago. For each file of the new site:
/// - bytes the output already holds: the spare gets the output's file as a hard link (nothing is
///   written; after the swap the file keeps its inode and modification time);
/// - bytes the spare alone already holds: left as they are;
/// - anything else: written over the spare's own file in place, or into a new file when the spare's
///   file is shared with the output.
/// Text files lose their control characters on the way (see ``ControlCharacters``).
package final class OutputWriter: Sendable {
    package struct Summary: Sendable {
        package var written = 0
        package var unchanged = 0
        package var removed = 0
    }

    /// What is known of the two folders when a build starts (see ``OutputTransaction``).
    struct Start: Sendable {
        /// The output's manifest; nil when its files are not known (they are then compared byte for byte).
        var output: OutputManifest?
        var outputExists = false
        /// The spare's manifest, when it describes the spare exactly.
        var spare: OutputManifest?
        /// Files and folders in the spare (from its manifest or a walk), folders with their times.
        var spareFiles: Set<String> = []
        var spareFolders: [String: Int64] = [:]
        var spareExists = false
        /// Nobody else writes either folder (`cellar serve`'s): manifests are believed without a look.
        var trusted = false
        /// For a partial build: the files where the spare differs from the output.
        var delta: Set<String>?
        /// Bytes free on the disk when the build began.
        var freeSpace: Int?
    }

    let output: String
    /// Set for a build that keeps its files in memory: nothing touches the disk.
    package let captured: CapturedOutput?
    let spare: SpareFolder
    let start: Start
    /// Whether this build writes only some files (a rebuild after an edit): the others stay.
    let partial: Bool
    let state: Mutex<State>

    struct State {
        /// The new site's files as they are in the spare.
        var entries: [String: OutputManifest.Entry]
        var produced: Set<String> = []
        /// Folders this build made in the spare, and those it removed (the others are the start's).
        var madeFolders: Set<String> = []
        var removedFolders: Set<String> = []
        /// Folders whose entries this build changed.
        var touched: Set<String> = []
        /// What this build did to the spare, path by path (nil: removed).
        var spareChanges: [String: OutputManifest.Entry?] = [:]
        var summary = Summary()
        var space = OutOfSpace()
    }

    init(output: String, spare: SpareFolder, start: Start, partial: Bool, capture: CapturedOutput? = nil) {
        self.output = output
        self.spare = spare
        self.start = start
        self.partial = partial && start.output != nil
        self.captured = capture
        self.state = Mutex(State(entries: self.partial ? start.output?.entries ?? [:] : [:]))
    }

    /// Makes room for about `count` files in what the writer keeps of them, so that no table of a
    /// big site is rehashed while it is locked and both cores wait for it.
    package func expect(files count: Int) {
        state.withAnnotatedLock { state in
            state.entries.reserveCapacity(count)
            state.produced.reserveCapacity(count)
            state.spareChanges.reserveCapacity(count)
            state.touched.reserveCapacity(count)
        }
    }

    /// A writer that keeps every file in memory (``captured``) and writes nothing.
    static func inMemory(output: String) -> OutputWriter {
        OutputWriter(output: output, spare: SpareFolder(path: "", output: output, faults: .none), start: Start(),
                     partial: false, capture: CapturedOutput())
    }

    /// Writes one text file (`path` relative to the output) unless the output holds the same bytes.
    package func write(_ contents: String, to path: String) throws(FileIOError) {
        var contents = contents
        var failure: FileIOError?
        contents.withUTF8 { buffer in
            do throws(FileIOError) { try write(UnsafeRawBufferPointer(buffer), to: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes one text file given as UTF-8 bytes; control characters are left out.
    package func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileIOError) {
        var failure: FileIOError?
        ControlCharacters.withoutThem(bytes) { clean in
            do throws(FileIOError) { try writeClean(clean, to: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Keeps the output's file at `path`, when the previous build wrote it and it is still as written.
    /// - Returns: false when the file must be written again.
    package func keep(_ path: String) -> Bool {
        guard captured == nil, let entry = start.output?.entries[path] else { return false }
        do throws(FileIOError) {
            return try place(path, fingerprint: entry.fingerprint, size: entry.size, content: .none)
        } catch {
            return false
        }
    }

    /// Copies a file (`source` absolute) to `path`, unless the output holds a copy of the same source.
    package func copy(_ source: String, to path: String) throws(FileIOError) {
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
        _ = try place(path, fingerprint: hash.value, size: status.size, content: .file(source))
    }

    /// The tree the output was when this build began, when its manifest is known (what a kept
    /// fingerprint of a page must have been written to, for ``keep(_:)`` to use the page's file).
    package var outputTree: TreeID? { start.output?.tree }

    /// Whether a write failed for want of space; the build then writes nothing more.
    var outOfSpace: OutOfSpace { state.withAnnotatedLock { $0.space } }

    // MARK: - Private

    /// Where a file's bytes come from.
    enum Content {
        case bytes(UnsafeRawBufferPointer)
        case file(String)
        /// Only what the output holds will do (``keep(_:)``).
        case none
    }

    private func writeClean(_ bytes: UnsafeRawBufferPointer, to path: String) throws(FileIOError) {
        if let captured {
            captured.record(path, bytes: bytes)
            return state.withAnnotatedLock { $0.summary.written += 1 }
        }
        var hash = StableHash()
        hash.combine(bytes)
        _ = try place(path, fingerprint: hash.value, size: bytes.count, content: .bytes(bytes))
    }

    /// Puts the file `path` of the new site into the spare. Returns false only for `.none` content
    /// when the output's file cannot be used.
    private func place(_ path: String, fingerprint: UInt64, size: Int, content: Content) throws(FileIOError) -> Bool {
        let outputEntry = start.output?.entries[path]
        let here = spareFile(path, outputEntry: outputEntry)
        if let same = sameAsOutput(path, fingerprint: fingerprint, size: size, content: content, known: outputEntry, spare: here) {
            if here.holds(same) {
                record(path, same, changed: false, spareChange: nil)
                return true
            }
            if !outOfSpace.happened {
                do throws(FileIOError) {
                    try prepareSpot(path, here)
                    try spare.linkFromOutput(path)
                    record(path, same, changed: false, spareChange: .some(same))
                    touch(Paths.parent(of: path))
                    return true
                } catch where error.isOutOfSpace {
                    noteOutOfSpace(error, needing: 0)
                    return true
                } catch where error.code == EMLINK || error.code == EPERM || error.code == EXDEV {
                    // The file system will not link it: fall back to writing the bytes.
                } catch {
                    throw error
                }
            } else {
                return true
            }
        }
        if case .none = content { return false }
        if let entry = here.entry, here.kind == .file, here.links == 1, entry.fingerprint == fingerprint, entry.size == size {
            // The spare alone holds these bytes already (the site went back to what it was before).
            record(path, entry, changed: true, spareChange: nil)
            return true
        }
        let blocks = Self.blocks(size)
        if outOfSpace.happened {
            noteOutOfSpace(nil, needing: blocks)
            return true
        }
        let inPlace = here.kind == .file && here.links == 1
        do throws(FileIOError) {
            if !inPlace { try prepareSpot(path, here) }
            let written: FileIO.Written
            switch content {
            case .bytes(let bytes): written = try spare.write(bytes, at: path, inPlace: inPlace)
            case .file(let source): written = try spare.copy(source, size: size, at: path, inPlace: inPlace)
            case .none: return false
            }
            let entry = OutputManifest.Entry(fingerprint: fingerprint, size: size, modified: written.modified, inode: written.inode)
            // One lock for all that a written file changes (both cores write pages all the time).
            let needed = inPlace ? max(0, blocks - Self.blocks(here.size)) : blocks
            state.withAnnotatedLock { state in
                state.record(path, entry, changed: true, spareChange: .some(entry))
                if !inPlace { state.touched.insert(Paths.parent(of: path)) }
                state.space.needed += needed
            }
        } catch where error.isOutOfSpace {
            noteOutOfSpace(error, needing: blocks)
        }
        return true
    }

    /// The output's entry for `path` when the output holds these bytes there, else nil.
    private func sameAsOutput(_ path: String, fingerprint: UInt64, size: Int, content: Content,
                              known: OutputManifest.Entry?, spare here: SpareFile) -> OutputManifest.Entry? {
        guard start.outputExists else { return nil }
        if let known {
            guard known.fingerprint == fingerprint, known.size == size else { return nil }
            if start.trusted || here.holds(known) { return known }
            guard let status = FileIO.status(spare.inOutput(path)), status.kind == .file, status.inode == known.inode,
                  status.size == known.size, status.modified == known.modified else { return nil }
            return known
        }
        // Nothing known of the output (a folder an older Cellar wrote, a lost cache, --clean): compare bytes.
        guard start.output == nil, let status = FileIO.status(spare.inOutput(path)), status.kind == .file,
              status.size == size else { return nil }
        let same: Bool = switch content {
        case .bytes(let bytes): FileIO.holds(bytes, at: spare.inOutput(path))
        case .file(let source): FileIO.sameContents(source, spare.inOutput(path))
        case .none: false
        }
        return same ? OutputManifest.Entry(fingerprint: fingerprint, size: size, modified: status.modified, inode: status.inode) : nil
    }

    /// Clears the spare's spot for `path`: removes what is there and makes the folders above it.
    private func prepareSpot(_ path: String, _ here: SpareFile) throws(FileIOError) {
        if let kind = here.kind {
            try spare.remove(path, kind: kind)
            state.withAnnotatedLock { $0.spareChanges[path] = .some(nil) }
            if kind == .directory { forgetFolders(under: path) }
        } else {
            try makeParent(of: path)
        }
    }

    /// Makes the folders above `path` in the spare, asking the file system only about unknown ones.
    func makeParent(of path: String) throws(FileIOError) {
        var missing: [String] = []
        state.withAnnotatedLock { state in
            var folder = Paths.parent(of: path)
            while !folder.isEmpty, !state.hasFolder(folder, start: start) {
                missing.append(folder)
                folder = Paths.parent(of: folder)
            }
        }
        for folder in missing.reversed() {
            try spare.makeFolder(folder)
            state.withAnnotatedLock { state in
                state.removedFolders.remove(folder)
                if state.madeFolders.insert(folder).inserted {
                    state.touched.insert(folder)
                    state.touched.insert(Paths.parent(of: folder))
                    state.space.needed += 4096
                }
            }
        }
    }

    private func forgetFolders(under path: String) {
        let start = self.start
        state.withAnnotatedLock { state in
            for folder in start.spareFolders.keys where folder == path || folder.hasPrefix(path + "/") {
                state.removedFolders.insert(folder)
            }
            state.madeFolders = state.madeFolders.filter { $0 != path && !$0.hasPrefix(path + "/") }
            state.touched.insert(Paths.parent(of: path))
        }
    }

    /// Every folder in the spare now (a whole build's commit needs them; a rebuild's never does).
    var currentFolders: Set<String> {
        let start = self.start
        return state.withAnnotatedLock { state in
            Set(start.spareFolders.keys).subtracting(state.removedFolders).union(state.madeFolders)
        }
    }

    private func touch(_ folder: String) {
        state.withAnnotatedLock { _ = $0.touched.insert(folder) }
    }

    private func record(_ path: String, _ entry: OutputManifest.Entry, changed: Bool, spareChange: OutputManifest.Entry??) {
        state.withAnnotatedLock { $0.record(path, entry, changed: changed, spareChange: spareChange) }
    }

    private func noteOutOfSpace(_ error: FileIOError?, needing bytes: Int) {
        state.withAnnotatedLock { state in
            if state.space.failure == nil, let error { state.space.failure = error }
            state.space.happened = true
            state.space.needed += bytes
        }
    }

    static func blocks(_ size: Int) -> Int { (size + 4095) / 4096 * 4096 }
}

extension OutputWriter.State {
    /// Notes that the new site's file `path` is `entry` in the spare.
    mutating func record(_ path: String, _ entry: OutputManifest.Entry, changed: Bool, spareChange: OutputManifest.Entry??) {
        produced.insert(path)
        entries[path] = entry
        if let spareChange { spareChanges[path] = spareChange }
        if changed { summary.written += 1 } else { summary.unchanged += 1 }
    }

    /// Whether the spare holds the folder `folder` now.
    func hasFolder(_ folder: String, start: OutputWriter.Start) -> Bool {
        madeFolders.contains(folder) || (start.spareFolders[folder] != nil && !removedFolders.contains(folder))
    }
}

extension OutputWriter {

    /// What is at `path` in the spare now.
    struct SpareFile {
        var kind: FileStatus.Kind?
        var inode: UInt64 = 0
        var links = 1
        var size = 0
        var modified: Int64 = 0
        /// What the spare's manifest says the file holds, when it is still as recorded.
        var entry: OutputManifest.Entry?

        /// Whether this is the very file `entry` describes, unchanged.
        func holds(_ entry: OutputManifest.Entry) -> Bool {
            kind == .file && inode == entry.inode && size == entry.size && modified == entry.modified
        }
    }

    private func spareFile(_ path: String, outputEntry: OutputManifest.Entry?) -> SpareFile {
        guard start.spareExists else { return SpareFile() }
        if start.trusted, let manifest = start.spare {
            if let entry = manifest.entries[path] {
                let shared = outputEntry?.inode == entry.inode
                return SpareFile(kind: .file, inode: entry.inode, links: shared ? 2 : 1, size: entry.size,
                                 modified: entry.modified, entry: entry)
            }
            return SpareFile(kind: manifest.folders[path] != nil ? .directory : nil)
        }
        guard let status = FileIO.status(spare.inSpare(path)) else { return SpareFile() }
        var file = SpareFile(kind: status.kind, inode: status.inode, links: status.links, size: status.size,
                             modified: status.modified)
        if let entry = start.spare?.entries[path], file.holds(entry) { file.entry = entry }
        return file
    }
}

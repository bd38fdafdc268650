import AnnotatedLocking
import CellarDiagnostics
import CellarFiles

/// The end of a build: the spare is made exactly the new site — files the build did not produce
/// removed, the output's own hidden files (`.git`, `.nojekyll`) hard-linked across, its manifest
/// kept — and then swapped with the output in one `renameat2(RENAME_EXCHANGE)`. Before that call
/// the output is untouched; after it, it is the new site; there is no moment in between.
struct OutputSwap {
    var writer: OutputWriter
    /// Where manifests are kept (nil: only in memory, as `cellar serve` does).
    var cache: String?

    /// What a committed build leaves for the next one.
    struct Committed: Sendable {
        /// The output now, and the spare now (the output before).
        var output: OutputManifest
        var spare: OutputManifest?
        var summary: OutputWriter.Summary
        /// The files where the spare differs from the output now.
        var delta: Set<String>
    }

    func commit() throws(FileIOError) -> Committed {
        let spare = writer.spare, start = writer.start
        if writer.partial {
            try catchUp()
        } else {
            try removeWhatTheSiteLacks()
        }
        Trace.mark("commit: removed what the site lacks")
        let produced = writer.state.withAnnotatedLock { $0.produced }
        // A session's private folder holds nothing but the site, and keeps its permissions.
        if start.outputExists, !(start.trusted && writer.partial) {
            var sitesTopNames = Set(produced.map { String($0.prefix { $0 != "/" }) })
            sitesTopNames.insert(OutputMarker.name)
            let changed = try HiddenEntries(spare: spare, reserved: sitesTopNames).carryAcross()
            if changed { writer.state.withAnnotatedLock { _ = $0.touched.insert("") } }
            if let status = FileIO.status(spare.output), let owner = FileIO.owner(of: spare.output) {
                spare.faults.step()
                try FileIO.copyOwnership(status, owner: owner, to: spare.path)
            }
        }
        Trace.mark("commit: hidden entries")
        var manifest = finishedManifest()
        Trace.mark("commit: finished manifest")
        manifest.tree = try spare.markFinished()
        if let cache { try? manifest.save(cache: cache, step: spare.faults.step) }
        Trace.mark("commit: manifest saved")
        try spare.swap(outputExists: start.outputExists)
        Trace.mark("commit: swapped")

        // The output is the new site. The old one is the spare now — unless it was an empty folder
        // that was never Cellar's, which goes.
        var summary = writer.state.withAnnotatedLock { $0.summary }
        let previous = start.output
        if start.outputExists, !OutputMarker.isPresent(in: spare.path) {
            spare.faults.step()
            FileIO.removeEmptyFolder(spare.path)
        }
        let spareNow = start.outputExists && FileIO.status(spare.path) != nil ? previous : nil
        var delta: Set<String> = []
        if !start.trusted {
            // Only a session (which believes what it remembers) uses the delta; count what went.
            if let previous, !writer.partial {
                summary.removed = previous.entries.keys.reduce(0) { $0 + (manifest.entries[$1] == nil ? 1 : 0) }
            }
        } else if writer.partial {
            for path in produced where previous?.entries[path]?.inode != manifest.entries[path]?.inode { delta.insert(path) }
        } else {
            for (path, entry) in manifest.entries where previous?.entries[path]?.inode != entry.inode { delta.insert(path) }
            for path in previous?.entries.keys ?? [:].keys where manifest.entries[path] == nil {
                delta.insert(path)
                summary.removed += 1
            }
        }
        return Committed(output: manifest, spare: spareNow, summary: summary, delta: delta)
    }

    // MARK: - Private

    /// A partial build: where the spare still differs from the output (what the last build changed),
    /// and the build did not write the file again, the spare takes the output's file.
    private func catchUp() throws(FileIOError) {
        let spare = writer.spare
        let (produced, delta) = writer.state.withAnnotatedLock { ($0.produced, writer.start.delta ?? []) }
        for path in delta.subtracting(produced).sorted() {
            if let entry = writer.start.output?.entries[path] {
                let current = writer.start.spare?.entries[path]
                if current?.inode == entry.inode { continue }
                if current != nil { try spare.remove(path, kind: .file) }
                try writer.makeParent(of: path)
                try spare.linkFromOutput(path)
                writer.state.withAnnotatedLock { state in
                    state.spareChanges[path] = .some(entry)
                    state.touched.insert(Paths.parent(of: path))
                }
            } else if writer.start.spare?.entries[path] != nil {
                try spare.remove(path, kind: .file)
                writer.state.withAnnotatedLock { state in
                    state.spareChanges[path] = .some(nil)
                    state.touched.insert(Paths.parent(of: path))
                }
                removeEmptyFolders(above: path)
            }
        }
    }

    /// A whole build: every file the spare holds that the new site does not is removed, and every
    /// folder left without a use.
    private func removeWhatTheSiteLacks() throws(FileIOError) {
        let spare = writer.spare
        // A spare made by this build holds only what it wrote, and folders made for what it wrote.
        if writer.start.spareFiles.isEmpty, writer.start.spareFolders.isEmpty { return }
        let produced = writer.state.withAnnotatedLock { $0.produced }
        for path in writer.start.spareFiles.subtracting(produced).sorted() {
            let kind = FileIO.status(spare.inSpare(path))?.kind
            guard let kind, kind != .directory else { continue }
            try spare.remove(path, kind: kind)
            writer.state.withAnnotatedLock { state in
                state.spareChanges[path] = .some(nil)
                state.touched.insert(Paths.parent(of: path))
            }
        }
        var needed = Set<String>()
        for path in produced {
            var folder = Paths.parent(of: path)
            while !folder.isEmpty, needed.insert(folder).inserted { folder = Paths.parent(of: folder) }
        }
        for folder in writer.currentFolders.subtracting(needed).sorted(by: { $0.count > $1.count }) {
            if FileIO.status(spare.inSpare(folder))?.kind == .directory {
                if let entries = try? FileIO.list(spare.inSpare(folder)), !entries.isEmpty {
                    for entry in entries { try spare.remove(Paths.join(folder, entry.name), kind: entry.kind ?? .file) }
                }
                _ = spare.removeFolderIfEmpty(folder)
            }
            writer.state.withAnnotatedLock { state in
                state.madeFolders.remove(folder)
                state.removedFolders.insert(folder)
                state.touched.insert(Paths.parent(of: folder))
            }
        }
    }

    private func removeEmptyFolders(above path: String) {
        var folder = Paths.parent(of: path)
        while !folder.isEmpty, writer.spare.removeFolderIfEmpty(folder) {
            writer.state.withAnnotatedLock { state in
                state.madeFolders.remove(folder)
                state.removedFolders.insert(folder)
                state.touched.insert(Paths.parent(of: folder))
            }
            folder = Paths.parent(of: folder)
        }
    }

    /// The new site's manifest, with the time of every folder this build changed read again.
    private func finishedManifest() -> OutputManifest {
        // Taken from the writer, not copied: it has nothing more to write.
        var entries: [String: OutputManifest.Entry] = [:]
        let (made, removed, touched) = writer.state.withAnnotatedLock { state in
            swap(&entries, &state.entries)
            return (state.madeFolders, state.removedFolders, state.touched)
        }
        // The start's folders, changed only where this build changed them (a rebuild after an
        // edit costs what it changed, not what the site holds).
        var times = writer.start.spareFolders
        for folder in removed { times[folder] = nil }
        // Only when folders are added: reserving copies the start's table, shared with the session's memo.
        if !made.isEmpty { times.reserveCapacity(times.count + made.count) }
        if writer.start.trusted {
            for folder in made { times[folder] = 0 }
        } else {
            // Every folder made, and every other one still there that a file went into or out of.
            let folders = Array(made) + touched.filter { !made.contains($0) && times[$0] != nil }
            let spare = writer.spare
            // A time of 0 (the spare cannot be opened, or a folder went) is never a folder's time:
            // the next build looks at that folder again.
            let modified = FileIO.withFolder(spare.path) { root in
                concurrentMap(folders) { FileIO.status($0, in: root)?.modified ?? 0 }
            } ?? Array(repeating: 0, count: folders.count)
            for (folder, time) in zip(folders, modified) { times[folder] = time }
        }
        return OutputManifest(outputPath: writer.output, entries: entries, folders: times)
    }
}

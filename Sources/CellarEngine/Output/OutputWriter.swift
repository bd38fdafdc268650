import CellarDiagnostics
import Synchronization

/// Writes a build's files without ever losing the previous site.
///
/// In `staged` mode every change goes into a folder beside the output, made on the first change by
/// hard-linking the previous output (no bytes copied), and swapped in by ``commit()`` only when the
/// whole build succeeded. Files whose bytes did not change are not written at all; a build with no
/// change touches nothing. In `inPlace` mode (the preview server's private folder) changed files are
/// replaced one by one, each atomically.
final class OutputWriter: Sendable {
    struct Summary: Sendable {
        var written = 0
        var unchanged = 0
        var removed = 0
    }

    let output: String
    let mode: BuildOptions.WriteMode
    private let previous: OutputManifest?
    private let staging: String
    private let state: Mutex<State>

    private struct State {
        var stagingReady = false
        var madeDirectories: Set<String> = []
        var manifest: OutputManifest
        var produced: Set<String> = []
        var summary = Summary()
    }

    static let marker = ".cellar-output"
    static let markerText = "This folder is written by Cellar (cellar build) and replaced on every build.\n"

    /// - Parameter previous: the last build's manifest, or nil to write everything afresh.
    init(output: String, mode: BuildOptions.WriteMode, previous: OutputManifest?) {
        self.output = output
        self.mode = mode
        self.previous = previous
        let parent = Paths.parent(of: output)
        self.staging = Paths.join(parent, "." + Paths.lastComponent(of: output) + ".cellar-staging-\(getpid())")
        self.state = Mutex(State(manifest: OutputManifest(outputPath: output)))
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
        var hash = StableHash()
        hash.combine(bytes)
        try place(path, fingerprint: hash.value, size: bytes.count) { (target) throws(FileIOError) in
            try FileIO.write(bytes, to: target)
        }
    }

    /// Copies a file (`source` absolute) to `path`, unless the previous build copied the same source.
    func copy(_ source: String, to path: String) throws(FileIOError) {
        guard let status = FileIO.status(source, followLinks: true) else {
            throw FileIOError(path: source, operation: "read", code: ENOENT)
        }
        var hash = StableHash()
        hash.combine(status.size)
        hash.combine(UInt64(bitPattern: status.modified))
        hash.combine(status.inode)
        try place(path, fingerprint: hash.value, size: status.size) { (target) throws(FileIOError) in
            try FileIO.copy(source, to: target)
        }
    }

    /// Swaps the new output in (staged mode) or removes stale files (in place), then returns the
    /// manifest to keep for the next build.
    func commit() throws(FileIOError) -> (OutputManifest, Summary) {
        let (ready, produced, summary) = state.withLock { ($0.stagingReady, $0.produced, $0.summary) }
        let stale = (previous?.entries.keys).map { Set($0).subtracting(produced) } ?? []
        var final = summary
        final.removed = stale.count
        switch mode {
        case .inPlace:
            for path in stale { FileIO.remove(Paths.join(output, path)) }
            if !FileIO.exists(Paths.join(output, Self.marker)) {
                try FileIO.makeDirectories(output)
                try FileIO.write(Self.markerText, to: Paths.join(output, Self.marker))
            }
        case .staged:
            if ready || !stale.isEmpty || previous == nil {
                try ensureStaging()
                for path in stale { FileIO.remove(Paths.join(staging, path)) }
                try FileIO.write(Self.markerText, to: Paths.join(staging, Self.marker))
                try swap()
            }
        }
        return (state.withLock { $0.manifest }, final)
    }

    /// Removes the staging folder after a failed build; the output is left as it was.
    func abort() {
        FileIO.removeTree(staging)
    }

    // MARK: - Private

    private func place(
        _ path: String, fingerprint: UInt64, size: Int, write: (String) throws(FileIOError) -> Void
    ) throws(FileIOError) {
        let unchanged: Bool
        if let old = previous?.entries[path], old.fingerprint == fingerprint, old.size == size,
           let status = FileIO.status(Paths.join(output, path)), status.size == size, status.modified == old.modified {
            unchanged = true
        } else {
            unchanged = false
        }
        if unchanged {
            state.withLock { state in
                state.produced.insert(path)
                state.manifest.entries[path] = previous?.entries[path]
                state.summary.unchanged += 1
            }
            return
        }
        let root: String
        switch mode {
        case .staged:
            try ensureStaging()
            root = staging
        case .inPlace:
            root = output
        }
        let target = Paths.join(root, path)
        try makeParent(of: target)
        if mode == .inPlace {
            let temporary = target + ".cellar-tmp"
            try write(temporary)
            try FileIO.rename(temporary, to: target)
        } else {
            FileIO.remove(target)          // never write through a hard link into the previous output
            try write(target)
        }
        let modified = FileIO.status(target)?.modified ?? 0
        state.withLock { state in
            state.produced.insert(path)
            state.manifest.entries[path] = OutputManifest.Entry(fingerprint: fingerprint, size: size, modified: modified)
            state.summary.written += 1
        }
    }

    private func makeParent(of target: String) throws(FileIOError) {
        let parent = Paths.parent(of: target)
        let known = state.withLock { $0.madeDirectories.contains(parent) }
        if known { return }
        try FileIO.makeDirectories(parent)
        state.withLock { _ = $0.madeDirectories.insert(parent) }
    }

    /// Creates the staging folder on first use: a hard-linked twin of the previous output.
    private func ensureStaging() throws(FileIOError) {
        var failure: FileIOError?
        state.withLock { state in
            guard !state.stagingReady else { return }
            FileIO.removeTree(staging)
            do throws(FileIOError) {
                try FileIO.makeDirectories(staging)
                if previous != nil, FileIO.isDirectory(output) {
                    try Self.linkTree(from: output, to: staging, madeDirectories: &state.madeDirectories)
                }
                state.stagingReady = true
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    private static func linkTree(from source: String, to target: String, madeDirectories: inout Set<String>) throws(FileIOError) {
        for entry in try FileIO.list(source) where entry.name != marker {
            let from = Paths.join(source, entry.name)
            let to = Paths.join(target, entry.name)
            let kind = entry.kind ?? FileIO.status(from)?.kind
            if kind == .directory {
                try FileIO.makeDirectory(to)
                madeDirectories.insert(to)
                try linkTree(from: from, to: to, madeDirectories: &madeDirectories)
            } else if !FileIO.hardLink(from, to: to) {
                try FileIO.copy(from, to: to)
            }
        }
    }

    /// Moves the staging folder into place and deletes the previous output.
    private func swap() throws(FileIOError) {
        let parent = Paths.parent(of: output)
        let old = Paths.join(parent, "." + Paths.lastComponent(of: output) + ".cellar-old-\(getpid())")
        if FileIO.isDirectory(output) {
            // Hidden files Cellar did not write (.git, .gitignore, CNAME-like dotfiles) move across.
            for entry in (try? FileIO.list(output)) ?? [] where entry.name.hasPrefix(".") && entry.name != Self.marker {
                let target = Paths.join(staging, entry.name)
                if !FileIO.exists(target) { try? FileIO.rename(Paths.join(output, entry.name), to: target) }
            }
            try FileIO.rename(output, to: old)
            do throws(FileIOError) {
                try FileIO.rename(staging, to: output)
            } catch {
                try? FileIO.rename(old, to: output)
                throw error
            }
            FileIO.removeTree(old)
        } else {
            try FileIO.makeDirectories(parent)
            try FileIO.rename(staging, to: output)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

import CellarFiles

/// The folder beside the output where a build puts the new site together before swapping it in
/// (`.public.cellar-spare`): after the swap it holds the previous site, and the next build brings
/// it up to date — hard-linking every file whose bytes did not change, rewriting in place the ones
/// it alone holds, creating the rest — so a build touches only what changed.
///
/// Every change goes through here, one call per change on disk, each announced to the fault hook.
struct SpareFolder: Sendable {
    let path: String
    let output: String
    let faults: FaultInjection

    /// The spare beside `output`: `.NAME.cellar-spare`.
    static func path(for output: String) -> String {
        Paths.join(Paths.parent(of: output), "." + Paths.lastComponent(of: output) + ".cellar-spare")
    }

    func inSpare(_ relative: String) -> String { relative.isEmpty ? path : path + "/" + relative }
    func inOutput(_ relative: String) -> String { relative.isEmpty ? output : output + "/" + relative }

    /// Writes `bytes` at `relative`: into the file there (when `inPlace`), or into a new file.
    func write(_ bytes: UnsafeRawBufferPointer, at relative: String, inPlace: Bool) throws(FileIOError) -> FileIO.Written {
        faults.step()
        try faults.reserve(bytes.count, for: inSpare(relative))
        return try FileIO.write(bytes, to: inSpare(relative), creating: !inPlace)
    }

    /// Copies the file `source` to `relative`, in place or into a new file.
    func copy(_ source: String, size: Int, at relative: String, inPlace: Bool) throws(FileIOError) -> FileIO.Written {
        faults.step()
        try faults.reserve(size, for: inSpare(relative))
        return try FileIO.copy(source, to: inSpare(relative), creating: !inPlace)
    }

    /// Makes `relative` in the spare a second name of the same path's file in the output.
    func linkFromOutput(_ relative: String) throws(FileIOError) {
        faults.step()
        try FileIO.link(inOutput(relative), to: inSpare(relative))
    }

    /// Removes what is at `relative` (a whole folder too, never leaving the file system).
    func remove(_ relative: String, kind: FileStatus.Kind?) throws(FileIOError) {
        if kind == .directory {
            FileIO.removeTree(inSpare(relative), step: faults.step)
            if FileIO.status(inSpare(relative)) != nil {
                throw FileIOError(path: inSpare(relative), operation: "remove", code: ENOTEMPTY)
            }
            return
        }
        faults.step()
        try FileIO.unlink(inSpare(relative))
    }

    /// Makes the folder `relative`; an existing folder is fine, anything else there is removed first.
    func makeFolder(_ relative: String) throws(FileIOError) {
        faults.step()
        try faults.reserve(4096, for: inSpare(relative))
        if mkdir(inSpare(relative), 0o755) == 0 { return }
        let code = errno
        guard code == EEXIST else { throw FileIOError(path: inSpare(relative), operation: "create the folder", code: code) }
        guard let status = FileIO.status(inSpare(relative)) else { return }
        if status.kind == .directory { return }
        try remove(relative, kind: status.kind)
        faults.step()
        if mkdir(inSpare(relative), 0o755) != 0 {
            throw FileIOError(path: inSpare(relative), operation: "create the folder", code: errno)
        }
    }

    /// Removes the folder `relative` if it is empty.
    func removeFolderIfEmpty(_ relative: String) -> Bool {
        faults.step()
        return FileIO.removeEmptyFolder(inSpare(relative))
    }

    /// Creates the spare folder itself (as any new folder: the umask decides its permissions), with
    /// an unfinished marker.
    func create() throws(FileIOError) {
        try FileIO.makeDirectories(Paths.parent(of: path))
        faults.step()
        if mkdir(path, 0o777) != 0 { throw FileIOError(path: path, operation: "create the folder", code: errno) }
        try markUnfinished()
    }

    func markUnfinished() throws(FileIOError) {
        faults.step()
        try OutputMarker.write(finished: false, in: path)
    }

    /// Marks the spare finished: its manifest, kept under the returned identity, describes it.
    func markFinished() throws(FileIOError) -> TreeID {
        faults.step()
        return try OutputMarker.write(finished: true, in: path)
    }

    /// Removes the whole spare folder, its marker last (so a removal cut short leaves it marked as Cellar's).
    func removeAll() {
        guard let entries = try? FileIO.list(path) else { return }
        for entry in entries where entry.name != OutputMarker.name {
            FileIO.removeTree(inSpare(entry.name), step: faults.step)
        }
        faults.step()
        FileIO.remove(inSpare(OutputMarker.name))
        faults.step()
        rmdir(path)
    }

    /// Swaps the spare and the output in one step (or moves the spare into place when there is no output).
    func swap(outputExists: Bool) throws(FileIOError) {
        faults.step()
        if outputExists {
            try FileIO.exchange(path, output)
        } else {
            try FileIO.makeDirectories(Paths.parent(of: output))
            try FileIO.renameWithoutReplacing(path, to: output)
        }
    }
}

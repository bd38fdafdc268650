import CellarFiles
/// Makes sure the spare holds nothing its manifest does not list — someone may have added files
/// to the output by hand, and the output of two builds ago is the spare now — or, when there is no
/// manifest, finds out what it holds.
struct SpareCheck {
    var spare: SpareFolder
    var manifest: OutputManifest

    /// Removes what the manifest does not list. Only folders whose time differs from the recorded
    /// one are listed (adding or removing a name changes a folder's time); the top level always is.
    func removeWhatItLacks(_ start: inout OutputWriter.Start) throws(FileIOError) {
        guard let root = FileIO.status(spare.path) else { return }
        try removeUnlisted(in: "")
        for (folder, recorded) in manifest.folders.sorted(by: { $0.key < $1.key }) {
            guard start.spareFolders[folder] != nil else { continue }   // went with a folder above it
            guard let status = FileIO.status(spare.inSpare(folder)) else {
                forget(folder, in: &start)
                continue
            }
            guard status.kind == .directory else {
                try spare.remove(folder, kind: status.kind)
                forget(folder, in: &start)
                continue
            }
            guard status.device == root.device else { continue }   // another file system mounted here: left alone
            if status.modified != recorded {
                try removeUnlisted(in: folder)
                start.spareFolders[folder] = FileIO.status(spare.inSpare(folder))?.modified ?? status.modified
            }
        }
    }

    /// Every file and folder of the spare (not its top-level hidden entries: see ``HiddenEntries``).
    static func walk(_ spare: SpareFolder, into start: inout OutputWriter.Start) {
        guard let root = FileIO.status(spare.path) else { return }
        walk(spare, "", device: root.device, into: &start)
    }

    // MARK: - Private

    private static func walk(_ spare: SpareFolder, _ folder: String, device: UInt64, into start: inout OutputWriter.Start) {
        guard let entries = try? FileIO.list(spare.inSpare(folder)) else { return }
        for entry in entries {
            if folder.isEmpty, entry.name.hasPrefix(".") { continue }
            let path = Paths.join(folder, entry.name)
            if entry.kind == .directory || entry.kind == nil, let status = FileIO.status(spare.inSpare(path)), status.kind == .directory {
                // Another file system mounted here is left alone: it is never walked, written or removed.
                guard status.device == device else { continue }
                start.spareFolders[path] = status.modified
                walk(spare, path, device: device, into: &start)
            } else {
                start.spareFiles.insert(path)
            }
        }
    }

    private func removeUnlisted(in folder: String) throws(FileIOError) {
        guard let entries = try? FileIO.list(spare.inSpare(folder)) else { return }
        for entry in entries {
            if folder.isEmpty, entry.name.hasPrefix(".") { continue }
            let path = Paths.join(folder, entry.name)
            if manifest.entries[path] != nil || manifest.folders[path] != nil { continue }
            try spare.remove(path, kind: entry.kind ?? FileIO.status(spare.inSpare(path))?.kind)
        }
    }

    private func forget(_ folder: String, in start: inout OutputWriter.Start) {
        start.spareFolders = start.spareFolders.filter { $0.key != folder && !$0.key.hasPrefix(folder + "/") }
        start.spareFiles = start.spareFiles.filter { !$0.hasPrefix(folder + "/") }
    }
}

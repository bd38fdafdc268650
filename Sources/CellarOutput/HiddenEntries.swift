import CellarFiles
/// Hidden files and folders a person keeps at the top of the output folder (`.git`, `.nojekyll`,
/// `.well-known` they copied by hand): Cellar did not write them, so they are not part of any site,
/// and they stay where they are across builds. Before the swap, the spare gets the same entries as
/// hard links (folders are made, files linked), so the output after the swap holds the very same
/// files; anything that cannot be carried across stops the build before the output is touched.
struct HiddenEntries {
    var spare: SpareFolder
    /// Top-level names the site itself uses, and the marker: never carried.
    var reserved: Set<String>

    /// Makes the spare's hidden entries the output's. Returns whether it changed anything.
    func carryAcross() throws(FileIOError) -> Bool {
        guard let root = FileIO.status(spare.output) else { return false }
        let inOutput = try hiddenNames(in: spare.output)
        var changed = false
        for name in (try? hiddenNames(in: spare.path)) ?? [] where !inOutput.contains(name) {
            try spare.remove(name, kind: FileIO.status(spare.inSpare(name))?.kind)
            changed = true
        }
        for name in inOutput.sorted() {
            if try mirror(name, device: root.device) { changed = true }
        }
        return changed
    }

    // MARK: - Private

    private func hiddenNames(in folder: String) throws(FileIOError) -> Set<String> {
        Set(try FileIO.list(folder).map(\.name).filter { $0.hasPrefix(".") && !reserved.contains($0) && !Self.isLeftover($0) })
    }

    /// What an interrupted build of an older Cellar left: `.NAME.cellar-new-PID` temporary files.
    static func isLeftover(_ name: String) -> Bool {
        guard let range = name.ranges(of: ".cellar-new-").last else { return false }
        let pid = name[range.upperBound...]
        return !pid.isEmpty && pid.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Makes `relative` in the spare the same as in the output; returns whether it changed anything.
    private func mirror(_ relative: String, device: UInt64) throws(FileIOError) -> Bool {
        let source = spare.inOutput(relative)
        guard let original = FileIO.status(source) else { return false }
        guard original.device == device else {
            throw FileIOError(path: source, operation: "carry into the new site", code: FileIO.mountPoint)
        }
        let copy = FileIO.status(spare.inSpare(relative))
        guard original.kind == .directory else {
            if let copy, copy.inode == original.inode { return false }
            if let copy { try spare.remove(relative, kind: copy.kind) }
            try spare.linkFromOutput(relative)
            return true
        }
        var changed = false
        if let copy, copy.kind != .directory {
            try spare.remove(relative, kind: copy.kind)
        }
        if copy?.kind != .directory {
            try spare.makeFolder(relative)
            changed = true
        }
        if let copy = FileIO.status(spare.inSpare(relative)), copy.mode != original.mode {
            spare.faults.step()
            try FileIO.setMode(original.mode, of: spare.inSpare(relative))
        }
        let names = Set(try FileIO.list(source).map(\.name))
        for entry in (try? FileIO.list(spare.inSpare(relative))) ?? [] where !names.contains(entry.name) {
            try spare.remove(Paths.join(relative, entry.name), kind: entry.kind ?? FileIO.status(spare.inSpare(Paths.join(relative, entry.name)))?.kind)
            changed = true
        }
        for name in names.sorted() {
            if try mirror(Paths.join(relative, name), device: device) { changed = true }
        }
        return changed
    }
}

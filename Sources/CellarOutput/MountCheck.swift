import CellarDiagnostics
import CellarFiles

/// Stops a build before its first change when a file system is mounted inside the output folder or
/// its spare. The output is replaced as a whole: a mount inside it would leave the site with the
/// old folder at the swap and, in the spare, be emptied by the next build (its files are not the
/// site's). Nothing is moved, written or removed before this check.
struct MountCheck {
    var table: MountTable

    /// - Parameters:
    ///   - output: the output folder itself (not a symlink to it).
    ///   - spare: the spare folder beside it, whether it exists or not.
    func check(output: String, spare: String) throws(Diagnostic) {
        let realOutput = Paths.resolved(output), realSpare = Paths.resolved(spare)
        let inOutput = table.mountPoints(inside: realOutput, orItself: true) ?? Self.foldersOnOtherDevices(under: realOutput)
        if inOutput.first == realOutput {
            let shown = SiteLayout.display(folder: output)
            throw .error("cannot replace \(shown): it is a mount point, and Cellar swaps a new folder in at its place",
                         hint: "build into a folder inside it, such as --output \(Paths.join(output, "site"))")
        }
        let inSpare = table.mountPoints(inside: realSpare, orItself: true) ?? Self.foldersOnOtherDevices(under: realSpare)
        if let first = inOutput.first ?? inSpare.first {
            let all = inOutput + inSpare
            let others = all.count > 1 ? " (and \(all.count - 1) more: \(all.dropFirst().prefix(3).map(SiteLayout.display(folder:)).joined(separator: ", ")))" : ""
            let place = inOutput.isEmpty ? "\(SiteLayout.display(folder: spare)), where Cellar puts the new site together"
                : "the output folder \(SiteLayout.display(folder: output))"
            throw .error("\(SiteLayout.display(folder: first)) is a mount point inside \(place)\(others): a build replaces that folder as a whole, and would move the mounted file system out of the site or empty it",
                         hint: "unmount it (umount \(first)); a file system never belongs inside the output folder: put what the site publishes under content/")
        }
    }

    /// Without a mount table (no `/proc`): every folder under `folder` whose device differs from the
    /// folder holding it, in path order. Bind mounts of the same file system are not seen this way.
    static func foldersOnOtherDevices(under folder: String) -> [String] {
        guard let root = FileIO.status(folder), root.kind == .directory else { return [] }
        var found: [String] = []
        var pending = [(folder, root.device)]
        while let (current, device) = pending.popLast() {
            for entry in (try? FileIO.list(current)) ?? [] where entry.kind == .directory || entry.kind == nil {
                let path = current + "/" + entry.name
                guard let status = FileIO.status(path), status.kind == .directory else { continue }
                if status.device != device {
                    found.append(path)   // never entered
                } else {
                    pending.append((path, device))
                }
            }
        }
        return found.sorted()
    }
}

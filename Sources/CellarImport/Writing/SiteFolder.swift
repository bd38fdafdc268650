import CellarDiagnostics
import CellarEngine
import CellarFiles
import Foundation

/// The new site's folder: built whole in a fresh folder beside the destination and moved into
/// place at the end, so an import that fails leaves nothing half-written — and an existing
/// destination is replaced only when `--replace` says so and an earlier import wrote it.
struct SiteFolder {
    /// The destination, absolute.
    let destination: String
    /// Where the site is built before it is moved.
    let staging: String

    static let reportName = "import-report.json"

    init(destination: String) {
        self.destination = destination
        staging = destination + ".cellar-import-" + UUID().uuidString.prefix(8).lowercased()
    }

    /// Refuses a destination that exists (unless it may be replaced), that holds the source or lies
    /// inside it (symlinks resolved: the import would change the site it reads).
    ///
    /// `--replace` replaces only a folder that is empty or holds an earlier import's report, the
    /// rule `cellar build --output` follows with its marker: hidden files count (a home folder
    /// with `.ssh/`, a fresh repository with `.git/` are never emptied).
    static func check(destination: String, source: String, replace: Bool, shown: String, shownSource: String,
                      mounts: MountTable = .system) throws(Diagnostic) {
        let realDestination = Paths.resolved(destination), realSource = Paths.resolved(source)
        if Paths.relative(realSource, to: realDestination) != nil {
            throw .error("\(shown) holds the site being imported", hint: "write the new site to another folder")
        }
        if Paths.relative(realDestination, to: realSource) != nil {
            throw .error("\(shown) is inside the site being imported, \(shownSource): the import never changes its source",
                         hint: "write the new site to a folder outside \(shownSource)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory) else { return }
        guard replace else {
            throw .error("\(shown) already exists", hint: "choose a new folder, or pass --replace to replace an earlier import")
        }
        guard isDirectory.boolValue else { throw .error("\(shown) exists and is not a folder") }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: destination)) ?? []).sorted()
        guard names.isEmpty || names.contains(reportName) else {
            let held = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
            throw .error("\(shown) is not a site an earlier import wrote (it holds \(held) and no \(reportName)); it was left as it is",
                         hint: "--replace only replaces an earlier import or an empty folder")
        }
        // A file system mounted inside it would be moved aside with the earlier import, not replaced.
        if let mount = mounts.mountPoints(inside: realDestination, orItself: true)?.first {
            throw .error("\(mount) is a mount point inside \(shown): --replace replaces that folder as a whole, and never moves or empties a mounted file system",
                         hint: "unmount it (umount \(mount)), or import into another folder")
        }
    }

    /// Writes `text` at `path`. When it is made from a file of the source (`from`, absolute), it is
    /// no more readable than that file: a post only its owner may read stays so.
    func write(_ text: String, to path: String, from source: String? = nil) throws(Diagnostic) {
        let mode = source.map(Self.mode(like:)) ?? 0o666
        do throws(FileCreation.Failure) {
            try FileCreation(path: staging + "/" + path, mode: mode).fill(Array(text.utf8))
        } catch {
            throw .error("cannot write \(path): \(error.reason)")
        }
    }

    /// Copies the bytes of the file `source` (absolute; a symlink is copied as the file it leads
    /// to, which the source tree checked is inside the source) to `path`, no more readable than it.
    func copy(_ source: String, to path: String) throws(Diagnostic) {
        do throws(FileCreation.Failure) {
            try FileCreation(path: staging + "/" + path, mode: Self.mode(like: source)).fill(copying: source)
        } catch {
            throw .error("cannot copy \(source) to \(path): \(error.reason)")
        }
    }

    /// Read and write for the owner; for the group and others, at most what `source` (symlinks
    /// followed: the file whose bytes are taken) allows them — only the owner when it cannot be told.
    static func mode(like source: String) -> UInt32 {
        0o666 & ((FileCreation.permissions(of: source) ?? 0) | 0o600)
    }

    func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: staging + "/" + path)
    }

    /// Moves the staged site to the destination, replacing an earlier import's folder.
    func commit() throws(Diagnostic) {
        let manager = FileManager.default
        let old = destination + ".cellar-replaced-" + UUID().uuidString.prefix(8).lowercased()
        do {
            if manager.fileExists(atPath: destination) { try manager.moveItem(atPath: destination, toPath: old) }
            try manager.moveItem(atPath: staging, toPath: destination)
        } catch {
            if !manager.fileExists(atPath: destination), manager.fileExists(atPath: old) { try? manager.moveItem(atPath: old, toPath: destination) }
            throw .error("cannot move the new site into place: \(error.localizedDescription)")
        }
        // The earlier import goes as a build's output goes: no symlink followed, and a file system
        // mounted inside it is neither entered nor emptied.
        FileIO.removeTree(old)
    }

    /// Removes the staging folder after a failure.
    func abort() {
        try? FileManager.default.removeItem(atPath: staging)
    }
}

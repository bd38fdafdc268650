import CellarDiagnostics
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

    /// Refuses a destination that exists (unless it may be replaced) or that holds the source.
    static func check(destination: String, source: String, replace: Bool, shown: String) throws(Diagnostic) {
        if destination == source || source.hasPrefix(destination + "/") {
            throw .error("\(shown) holds the site being imported", hint: "write the new site to another folder")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: destination, isDirectory: &isDirectory) else { return }
        guard replace else {
            throw .error("\(shown) already exists", hint: "choose a new folder, or pass --replace to replace an earlier import")
        }
        guard isDirectory.boolValue else { throw .error("\(shown) exists and is not a folder") }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: destination)) ?? []).filter { !$0.hasPrefix(".") }
        guard names.isEmpty || names.contains(reportName) else {
            throw .error("\(shown) is not a site an earlier import wrote (it has no \(reportName)); it was left as it is",
                         hint: "--replace only replaces an earlier import or an empty folder")
        }
    }

    func write(_ text: String, to path: String) throws(Diagnostic) {
        let target = staging + "/" + path
        do {
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        } catch {
            throw .error("cannot write \(path): \(error.localizedDescription)")
        }
    }

    func copy(_ source: String, to path: String) throws(Diagnostic) {
        let target = staging + "/" + path
        do {
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
            try FileManager.default.copyItem(atPath: source, toPath: target)
        } catch {
            throw .error("cannot copy \(source) to \(path): \(error.localizedDescription)")
        }
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
            if manager.fileExists(atPath: old) { try manager.removeItem(atPath: old) }
        } catch {
            if !manager.fileExists(atPath: destination), manager.fileExists(atPath: old) { try? manager.moveItem(atPath: old, toPath: destination) }
            throw .error("cannot move the new site into place: \(error.localizedDescription)")
        }
    }

    /// Removes the staging folder after a failure.
    func abort() {
        try? FileManager.default.removeItem(atPath: staging)
    }
}

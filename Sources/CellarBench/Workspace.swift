import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bench's work folder: `site/` (content, a copy of the repository's themes, public),
/// `hugo-content/` and `hugo-out/` for Hugo, `serve-out/` and `serve-cache/` for the in-memory phase,
/// `logs/` for the builds' output, and `trash/` for what the runs are done with. Removed at the end
/// unless `--keep`.
///
/// Nothing is deleted while anything is measured: what a run is done with is moved into `trash/`.
/// On ext4 without a journal (as on the machine these figures come from) the inode allocator skips
/// inodes freed in the last minutes, so creating files soon after deleting a large tree is several
/// times slower — for whichever tool runs next, Cellar or Hugo.
struct Workspace: Sendable {
    let root: String
    /// Whether the bench made `root` (then it removes all of it; else only its own subfolders).
    let createdRoot: Bool

    static let subfolders = ["site", "hugo-content", "hugo-out", "serve-out", "serve-cache", "logs", "scaling", "trash"]

    var site: String { root + "/site" }
    var content: String { site + "/content" }
    var output: String { site + "/public" }
    var cache: String { site + "/.cellar-cache" }
    var hugoContent: String { root + "/hugo-content" }
    var hugoOutput: String { root + "/hugo-out" }
    var serveOutput: String { root + "/serve-out" }
    var serveCache: String { root + "/serve-cache" }
    var logs: String { root + "/logs" }

    /// A fresh temporary folder, or `folder` with the bench's subfolders emptied.
    static func make(at folder: String?) throws(BenchError) -> Workspace {
        let workspace: Workspace
        if let folder {
            let path = FileTree.absolute(folder)
            let existed = FileTree.exists(path)
            if existed && !FileTree.isDirectory(path) { throw .usage("--work \(folder) is not a folder") }
            try FileTree.makeDirectories(path)
            workspace = Workspace(root: FileTree.absolute(path), createdRoot: !existed)
            for name in subfolders { FileTree.remove(path + "/" + name) }
        } else {
            var template = Array((NSTemporaryDirectory() + "/cellar-bench-XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw .failure("cannot create a temporary folder in \(NSTemporaryDirectory())")
            }
            workspace = Workspace(root: FileTree.absolute(String(cString: made)), createdRoot: true)
        }
        try FileTree.makeDirectories(workspace.logs)
        return workspace
    }

    /// A site folder at `path` with a copy of the repository's themes (so that edits to the
    /// repository during a run do not change what is measured).
    func makeSite(at path: String, themes: String) throws(BenchError) {
        FileTree.remove(path)
        try FileTree.makeDirectories(path)
        try FileTree.copy(themes, to: path + "/themes")
    }

    func log(_ name: String) -> String { logs + "/" + name }

    var trash: String { root + "/trash" }

    /// Moves `path` (if it exists) out of the way, into `trash/`: a rename, which frees no inode.
    func discard(_ path: String) throws(BenchError) {
        guard FileTree.exists(path) else { return }
        try FileTree.makeDirectories(trash)
        var target = trash + "/" + String(path.split(separator: "/").last ?? "x")
        var number = 1
        while FileTree.exists(target) {
            number += 1
            target = trash + "/" + String(path.split(separator: "/").last ?? "x") + "-\(number)"
        }
        guard rename(path, target) == 0 else {
            throw .failure("cannot move \(path) to \(target): \(String(cString: strerror(errno)))")
        }
    }

    /// The site's output, its spare folder and its cache moved out of the way: the next build starts from nothing.
    func discardOutput(of site: String) throws(BenchError) {
        for name in ["public", ".public.cellar-spare", ".cellar-cache"] { try discard(site + "/" + name) }
    }

    func cleanUp() {
        if createdRoot {
            FileTree.remove(root)
        } else {
            for name in Self.subfolders { FileTree.remove(root + "/" + name) }
        }
    }
}

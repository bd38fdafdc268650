import Foundation

/// The bench's work folder: `site/` (content, a copy of the repository's themes, public),
/// `hugo-content/` and `hugo-out/` for Hugo, `serve-out/` and `serve-cache/` for the in-memory phase,
/// and `logs/` for the builds' output. Removed at the end unless `--keep`.
struct Workspace: Sendable {
    let root: String
    /// Whether the bench made `root` (then it removes all of it; else only its own subfolders).
    let createdRoot: Bool

    static let subfolders = ["site", "hugo-content", "hugo-out", "serve-out", "serve-cache", "logs", "scaling"]

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

    func cleanUp() {
        if createdRoot {
            FileTree.remove(root)
        } else {
            for name in Self.subfolders { FileTree.remove(root + "/" + name) }
        }
    }
}

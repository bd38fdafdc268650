import Foundation

/// The bench's work folder: `site/` (content, a copy of the repository's themes, public),
/// `hugo-content/` and `hugo-out/` for Hugo, `serve-out/` and `serve-cache/` for the in-memory phase,
/// `logs/` for the builds' output, and `trash/` for what the runs are done with. Removed at the end
/// unless `--keep`.
///
/// Nothing is deleted while anything is measured: what a run is done with is moved into `trash/`.
/// On ext4 without a journal (as on the machine these figures come from) the inode allocator skips
/// inodes freed in the last minutes, so creating files soon after deleting a large tree is several
/// times slower — for whichever tool runs next, Cellar or Hugo. A work folder in memory (tmpfs)
/// is the exception: there a deleted file frees its memory at once and delays nothing, while a
/// trash of every run's output does not fit (five rounds at 100,000 items filled 24 GiB and the
/// kernel killed Hugo), so what a run is done with is deleted between runs.
struct Workspace: Sendable {
    let root: String
    /// Whether the bench made `root` (then it removes all of it; else only its own subfolders).
    let createdRoot: Bool
    /// Whether `root` is on tmpfs, whose files are memory.
    let inMemory: Bool

    init(root: String, createdRoot: Bool) {
        self.root = root
        self.createdRoot = createdRoot
        inMemory = Self.isInMemory(root)
    }

    /// Whether the file system holding `path` is tmpfs: the type of the longest mount point over
    /// it in `/proc/self/mounts` (none on macOS).
    private static func isInMemory(_ path: String) -> Bool {
        guard let mounts = FileTree.read("/proc/self/mounts") else { return false }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var best: (point: String, type: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2 else { continue }
            // Spaces and the like in a mount point are written as octal escapes: \040.
            let point = String(fields[1]).replacingOccurrences(of: "\\040", with: " ")
            let covers = point == "/" || resolved == point || resolved.hasPrefix(point + "/")
            if covers, point.count >= (best?.point.count ?? -1) { best = (point, String(fields[2])) }
        }
        return best?.type == "tmpfs"
    }

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
    /// In memory, deletes it.
    func discard(_ path: String) throws(BenchError) {
        guard FileTree.exists(path) else { return }
        if inMemory {
            FileTree.remove(path)
            guard !FileTree.exists(path) else { throw .failure("cannot delete \(path)") }
            return
        }
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

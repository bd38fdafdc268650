import CellarEngine
import CellarFiles
import DirectoryEntries
import Foundation

/// Writes files under a root folder, creating parent folders as needed (each only once).
struct FileTree {
    let root: String
    private var madeDirectories: Set<String> = []

    init(root: String) {
        self.root = root
    }

    mutating func write(_ text: String, to path: String) throws(BenchError) {
        try write(Array(text.utf8), to: path)
    }

    mutating func write(_ bytes: [UInt8], to path: String) throws(BenchError) {
        let target = root + "/" + path
        let parent = String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)])
        if !madeDirectories.contains(parent) {
            try Self.makeDirectories(parent)
            madeDirectories.insert(parent)
        }
        try Self.write(bytes, toFile: target, append: false)
    }

    // MARK: - Single operations

    static func write(_ bytes: [UInt8], toFile path: String, append: Bool) throws(BenchError) {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else { throw .failure("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                SystemCalls.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failure("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += count
        }
    }

    static func makeDirectories(_ path: String) throws(BenchError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .failure("cannot create the folder \(path): \(error.localizedDescription)")
        }
    }

    static func copy(_ source: String, to target: String) throws(BenchError) {
        do {
            try FileManager.default.copyItem(atPath: source, toPath: target)
        } catch {
            throw .failure("cannot copy \(source) to \(target): \(error.localizedDescription)")
        }
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    static func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).flatMap { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads every file under `folder` (symbolic links not followed) and throws the bytes away: a
    /// measured run then finds its input in the page cache. On these machines the host pages out
    /// file pages nobody touched for about a minute, so a 100,000-item corpus read by the run
    /// before last comes back from a slow disk, and the run measures that disk instead of the tool.
    static func readAll(_ folder: String) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for file in files(under: folder) { readFile(file, buffer: &buffer) }
    }

    /// The regular files under `folder` (symbolic links not followed), as `folder/…` paths, in no set order.
    static func files(under folder: String) -> [String] {
        var files: [String] = []
        var pending = [folder]
        while let current = pending.popLast() {
            forEachEntry(in: current) { name, type in
                let path = current + "/" + name
                switch Int32(type) {
                case Int32(DT_DIR): pending.append(path)
                case Int32(DT_REG): files.append(path)
                default: return
                }
            }
        }
        return files
    }

    /// Reads the file at `path` (symbolic links followed) and throws the bytes away; nothing when it cannot be opened.
    static func readFile(_ path: String, buffer: inout [UInt8]) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        while buffer.withUnsafeMutableBytes({ SystemCalls.read(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
        close(descriptor)
    }

    /// Calls `body` with the name and `d_type` of each entry of `folder` but `.` and `..`, in the
    /// order `readdir` gives them; nothing when the folder cannot be opened.
    static func forEachEntry(in folder: String, _ body: (_ name: String, _ type: UInt8) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            if DirectoryEntry.isDots(entry) { continue }
            body(DirectoryEntry.name(of: entry), DirectoryEntry.type(of: entry))
        }
    }

    /// The canonical absolute form of `path` (symbolic links resolved), relative to the current folder.
    static func absolute(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else {
            return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

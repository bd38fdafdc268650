import CellarDiagnostics
import Foundation

/// The source site's folder, read-only: listing, reading and naming its files as the report shows them.
struct SourceTree: Sendable {
    /// The folder, absolute.
    let root: String
    /// What the report puts before a path relative to the folder (`myblog/`, or `""` for `.`).
    let displayPrefix: String
    /// A folder inside the source that must not be read (the destination, when it lies inside).
    var excluded: String?
    static let maxDepth = 32

    /// `_posts/a.md` as the report shows it.
    func display(_ path: String) -> String { displayPrefix + path }

    func absolute(_ path: String) -> String { path.isEmpty ? root : root + "/" + path }

    func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: absolute(path), isDirectory: &directory) && directory.boolValue
    }

    func isFile(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: absolute(path), isDirectory: &directory) && !directory.boolValue
    }

    /// The names in a folder, sorted; empty when it cannot be read.
    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: absolute(folder))) ?? []).sorted()
    }

    /// Every file below `folder` (relative to the source folder), sorted, not entering folders for
    /// which `enter` says no. Symlinks are followed inside the source only.
    func files(under folder: String, enter: (String) -> Bool = { _ in true }) -> [String] {
        var result: [String] = []
        var visited: Set<String> = []
        collect(folder, depth: 0, enter: enter, into: &result, visited: &visited)
        return result
    }

    private func collect(_ folder: String, depth: Int, enter: (String) -> Bool, into result: inout [String],
                         visited: inout Set<String>) {
        let real = URL(fileURLWithPath: absolute(folder)).resolvingSymlinksInPath().path
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path   // /tmp is /private/tmp on macOS
        guard depth <= Self.maxDepth, visited.insert(real).inserted, real == realRoot || real.hasPrefix(realRoot + "/") || folder.isEmpty
        else { return }
        for name in names(in: folder) {
            let path = folder.isEmpty ? name : folder + "/" + name
            if let excluded, absolute(path) == excluded { continue }
            if isDirectory(path) {
                if enter(path) { collect(path, depth: depth + 1, enter: enter, into: &result, visited: &visited) }
            } else if isFile(path) {
                result.append(path)
            }
        }
    }

    func bytes(_ path: String) throws(Diagnostic) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: absolute(path)) else {
            throw .error("cannot read the file", at: SourceLocation(file: display(path)))
        }
        return [UInt8](data)
    }

    func text(_ path: String) -> String? {
        FileManager.default.contents(atPath: absolute(path)).flatMap { String(data: $0, encoding: .utf8) }
    }

    func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: absolute(path)))?[.modificationDate] as? Date
    }

    /// Whether a file starts with front matter (`---` or `+++` on its first line), as Jekyll asks
    /// before treating a file as a page.
    func hasFrontMatter(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: absolute(path)) else { return false }
        defer { try? handle.close() }
        var head = (try? handle.read(upToCount: 8)).map { [UInt8]($0) } ?? []
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head.removeFirst(3) }
        let line = String(decoding: head, as: UTF8.self)
        for fence in ["---", "+++"] where line.hasPrefix(fence) {
            let rest = line.dropFirst(3).prefix { $0 != "\n" && $0 != "\r" }
            if rest.allSatisfy({ $0 == " " || $0 == "\t" }) { return true }
        }
        return false
    }
}

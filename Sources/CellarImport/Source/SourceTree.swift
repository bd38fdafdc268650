import CellarDiagnostics
import CellarEngine
import CellarFiles
import Foundation

/// The source site's folder, read-only: listing, reading and naming its files as the report shows them.
///
/// Nothing outside it is ever read: a symlink that leads out of the folder (a post linked to a
/// secret in the home folder, a folder linked to `/etc`) counts as missing, and is noted in
/// ``outsideLinks`` for the report. Symlinks that stay inside are followed.
struct SourceTree: Sendable {
    /// The folder, absolute.
    let root: String
    /// The folder with its symlinks resolved (`/tmp` is `/private/tmp` on macOS).
    let realRoot: String
    /// What the report puts before a path relative to the folder (`myblog/`, or `""` for `.`).
    let displayPrefix: String
    /// A folder inside the source that must not be read (the destination, when it lies inside).
    var excluded: String?
    /// The symlinks met that lead out of the folder.
    let outsideLinks = OutsideLinks()
    static let maxDepth = 32

    init(root: String, displayPrefix: String, excluded: String? = nil) {
        self.root = root
        self.realRoot = Paths.resolved(root)
        self.displayPrefix = displayPrefix
        self.excluded = excluded
    }

    /// `_posts/a.md` as the report shows it.
    func display(_ path: String) -> String { displayPrefix + path }

    func absolute(_ path: String) -> String { path.isEmpty ? root : root + "/" + path }

    func isDirectory(_ path: String) -> Bool {
        kind(of: path) == .directory && staysInside(path)
    }

    func isFile(_ path: String) -> Bool {
        kind(of: path) == .file && staysInside(path)
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

    /// Whether `path`, every symlink on the way followed, is still inside the source; one that
    /// leaves it is noted (a path that does not exist stays: there is nothing to read).
    func staysInside(_ path: String) -> Bool {
        let real = Paths.resolved(absolute(path))
        if Paths.relative(real, to: realRoot) != nil { return true }
        outsideLinks.note(path, target: real)
        return false
    }

    // MARK: - Private

    private enum Kind { case file, directory }

    /// What is at `path`, symlinks followed; nil when nothing is.
    private func kind(of path: String) -> Kind? {
        var directory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute(path), isDirectory: &directory) else { return nil }
        return directory.boolValue ? .directory : .file
    }

    private func collect(_ folder: String, depth: Int, enter: (String) -> Bool, into result: inout [String],
                         visited: inout Set<String>) {
        let real = Paths.resolved(absolute(folder))
        guard depth <= Self.maxDepth, visited.insert(real).inserted, Paths.relative(real, to: realRoot) != nil else { return }
        for name in names(in: folder) {
            let path = folder.isEmpty ? name : folder + "/" + name
            if let excluded, absolute(path) == excluded { continue }
            switch kind(of: path) {
            case .directory:
                // A folder the reader skips is not looked into, nor reported.
                if enter(path), staysInside(path) { collect(path, depth: depth + 1, enter: enter, into: &result, visited: &visited) }
            case .file:
                if staysInside(path) { result.append(path) }
            case nil:
                continue
            }
        }
    }

    func bytes(_ path: String) throws(Diagnostic) -> [UInt8] {
        guard staysInside(path), let data = FileManager.default.contents(atPath: absolute(path)) else {
            throw .error("cannot read the file", at: SourceLocation(file: display(path)))
        }
        return [UInt8](data)
    }

    func text(_ path: String) -> String? {
        guard staysInside(path) else { return nil }
        return FileManager.default.contents(atPath: absolute(path)).flatMap { String(data: $0, encoding: .utf8) }
    }

    func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: absolute(path)))?[.modificationDate] as? Date
    }

    /// Whether a file starts with front matter (`---` or `+++` on its first line), as Jekyll asks
    /// before treating a file as a page.
    func hasFrontMatter(_ path: String) -> Bool {
        guard staysInside(path), let handle = FileHandle(forReadingAtPath: absolute(path)) else { return false }
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

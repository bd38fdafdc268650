import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder GNU Source-highlight reads definitions from: Cellar's embedded definitions as
/// files, beside a link to every file of the system data folder (a definition may `include` the
/// system's building blocks, and the library looks for includes in the same folder).
///
/// It lives in a cache folder, named after a hash of what it holds
/// (`~/.cache/cellar/highlight-<hash>/`), so a new Cellar or a changed system folder gets a new
/// one. It is built under a temporary name and renamed into place, so no process ever sees it
/// half written; a process that loses the race uses the winner's.
struct HighlightDataFolder: Sendable {
    /// The folder, or `nil` if none could be made (then nothing is highlighted).
    var path: String?
    /// The files of the system data folder (empty when it is missing).
    var systemFiles: Set<String>
    /// The system `lang.map`, if there is one.
    var languageMap: String?
    /// Why highlighting is limited or off, said once to the author.
    var problem: String?

    /// Finds or makes the folder for Cellar's definitions and `systemFolder`, in the first of
    /// `roots` where that works.
    static func prepare(systemFolder: String, roots: [String]) -> HighlightDataFolder {
        let fileManager = FileManager.default
        let systemFiles = Set((try? fileManager.contentsOfDirectory(atPath: systemFolder)) ?? [])
            .filter { !$0.hasPrefix(".") }
        let languageMap = systemFiles.contains("lang.map")
            ? try? String(contentsOfFile: systemFolder + "/lang.map", encoding: .utf8) : nil
        var problem: String?
        if languageMap == nil {
            problem = "GNU Source-highlight's data folder \(systemFolder) is missing or has no lang.map: "
                + "only Swift, YAML, TOML and Markdown code blocks are highlighted; the others are shown as plain code "
                + "(install the Debian package libsource-highlight-common)"
        }
        let linked = languageMap == nil ? [] : systemFiles.subtracting(EmbeddedDefinitions.files.keys)
        let name = "highlight-" + contentHash(systemFolder: systemFolder, linked: linked).hex
        var failures: [String] = []
        for root in roots {
            do {
                let folder = try materialise(name, in: root, linking: linked, from: systemFolder)
                return HighlightDataFolder(path: folder, systemFiles: systemFiles, languageMap: languageMap, problem: problem)
            } catch {
                failures.append("\(root): \(error)")
            }
        }
        let reason = "syntax highlighting is off: no data folder could be made for GNU Source-highlight ("
            + failures.joined(separator: "; ") + "); code blocks are shown as plain code"
        return HighlightDataFolder(path: nil, systemFiles: systemFiles, languageMap: languageMap, problem: reason)
    }

    /// The cache folders to try, in order: `$XDG_CACHE_HOME/cellar`, `$HOME/.cache/cellar`, then
    /// a folder of the user's own in the temporary folder.
    static func defaultRoots(environment: [String: String]) -> [String] {
        var roots: [String] = []
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { roots.append(cache + "/cellar") }
        if let home = environment["HOME"], home.hasPrefix("/") { roots.append(home + "/.cache/cellar") }
        var temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        while temporary.count > 1, temporary.hasSuffix("/") { temporary.removeLast() }
        roots.append(temporary + "/cellar-\(getuid())")
        return roots
    }

    private static func contentHash(systemFolder: String, linked: Set<String>) -> ContentHash {
        var hash = ContentHash()
        hash.add("cellar highlight data folder, layout 1")
        hash.add(systemFolder)
        for file in linked.sorted() { hash.add(file) }
        for (file, text) in EmbeddedDefinitions.files.sorted(by: { $0.key < $1.key }) {
            hash.add(file)
            hash.add(text)
        }
        return hash
    }

    /// `root/name`, made if it is not there (or not right).
    private static func materialise(_ name: String, in root: String, linking linked: Set<String>, from systemFolder: String) throws -> String {
        try makeOwnFolder(root)
        let folder = root + "/" + name
        if isComplete(folder, linkedCount: linked.count) { return folder }

        var template = Array((root + "/." + name + "-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw FolderError("cannot create a folder in \(root)", errno) }
        let staging = String(cString: made)
        do {
            for (file, text) in EmbeddedDefinitions.files {
                guard FileManager.default.createFile(atPath: staging + "/" + file, contents: Data(text.utf8)) else {
                    throw FolderError("cannot write \(staging)/\(file)", errno)
                }
            }
            for file in linked where symlink(systemFolder + "/" + file, staging + "/" + file) != 0 {
                throw FolderError("cannot link \(staging)/\(file)", errno)
            }
            try install(staging, as: folder, linkedCount: linked.count)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        return folder
    }

    /// Renames `staging` to `folder`. If another process got there first with a complete folder,
    /// keeps theirs; if what is there is not complete, moves it aside and removes it.
    private static func install(_ staging: String, as folder: String, linkedCount: Int) throws {
        if rename(staging, folder) == 0 { return }
        let code = errno
        guard code == EEXIST || code == ENOTEMPTY else { throw FolderError("cannot rename \(staging) to \(folder)", code) }
        if isComplete(folder, linkedCount: linkedCount) {
            try? FileManager.default.removeItem(atPath: staging)
            return
        }
        let stale = staging + ".stale"
        guard rename(folder, stale) == 0 else { throw FolderError("cannot move aside \(folder)", errno) }
        try? FileManager.default.removeItem(atPath: stale)
        guard rename(staging, folder) == 0 else { throw FolderError("cannot rename \(staging) to \(folder)", errno) }
    }

    /// Whether `folder` is a real folder holding exactly Cellar's files (with the same contents)
    /// and as many links as there are system files.
    private static func isComplete(_ folder: String, linkedCount: Int) -> Bool {
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR), status.st_uid == getuid(),
              let entries = try? FileManager.default.contentsOfDirectory(atPath: folder),
              entries.count == EmbeddedDefinitions.files.count + linkedCount else { return false }
        for (file, text) in EmbeddedDefinitions.files {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file), data == Data(text.utf8) else { return false }
        }
        return true
    }

    /// Makes `path` (and its parents) if missing, and checks that it is a folder of this user that
    /// nobody else may write to: in a shared temporary folder, someone else could have made it first.
    private static func makeOwnFolder(_ path: String) throws {
        var status = stat()
        if lstat(path, &status) != 0 {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            } catch {
                throw FolderError("cannot create \(path): \(error.localizedDescription)", 0)
            }
            guard lstat(path, &status) == 0 else { throw FolderError("cannot read \(path)", errno) }
        }
        guard status.st_mode & mode_t(S_IFMT) == mode_t(S_IFDIR) else { throw FolderError("\(path) is not a folder", 0) }
        guard status.st_uid == getuid() else { throw FolderError("\(path) belongs to another user", 0) }
        guard status.st_mode & mode_t(0o022) == 0 else { throw FolderError("\(path) may be written by other users", 0) }
    }
}

/// Why a data folder could not be made where it was tried.
struct FolderError: Error, CustomStringConvertible {
    var description: String

    init(_ what: String, _ code: Int32) {
        description = code == 0 ? what : "\(what): \(String(cString: strerror(code)))"
    }
}

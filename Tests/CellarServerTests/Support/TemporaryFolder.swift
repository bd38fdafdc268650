import Foundation

/// A folder under /tmp filled with files, removed when released.
final class TemporaryFolder {
    let path: String

    /// Creates the folder with `files` (relative path → contents); parent folders are made.
    init(files: [String: String] = [:]) throws {
        let template = FileManager.default.temporaryDirectory.path + "/cellar-server-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let created = mkdtemp(&bytes) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: created)
        for (name, contents) in files {
            try write(contents, to: name)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The absolute path of `relative`.
    func path(_ relative: String) -> String {
        relative.isEmpty ? path : path + "/" + relative
    }

    func write(_ contents: String, to relative: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
    }

    func makeFolder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    func symlink(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    func rename(_ from: String, to: String) throws {
        guard Foundation.rename(path(from), path(to)) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }
}

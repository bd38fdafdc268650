import Foundation

/// Mounting in tests, where the system permits it (root in a container that may mount): a small
/// tmpfs to fill a disk, or a bind mount to put another file system inside a folder.
public enum Mounting {
    public static let isPermitted: Bool = {
        guard getuid() == 0 else { return false }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-mount-probe-\(UUID().uuidString)").path
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard (try? mountTmpfs(at: folder, size: "64k")) != nil else { return false }
        unmount(folder)
        return true
    }()

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `mount -t tmpfs -o size=SIZE tmpfs folder`.
    public static func mountTmpfs(at folder: String, size: String) throws {
        let status = run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder])
        if status != 0 { throw Failure(description: "mount -t tmpfs failed (\(status))") }
    }

    /// A file system of its own at `folder`, made with any missing parents: a 1 MiB tmpfs holding
    /// `file` (`kept` and a newline), which a test looks for after a build or a removal that must
    /// not touch it. The caller unmounts it (`defer { Mounting.unmount(folder) }`).
    public static func tmpfsHolding(file: String, at folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try mountTmpfs(at: folder, size: "1m")
        do { try Data("kept\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + file)) } catch {
            unmount(folder)
            throw error
        }
    }

    /// `mount --bind source folder`.
    public static func bind(_ source: String, at folder: String) throws {
        let status = run("/bin/mount", ["--bind", source, folder])
        if status != 0 { throw Failure(description: "mount --bind failed (\(status))") }
    }

    public static func unmount(_ folder: String) {
        _ = run("/bin/umount", [folder])
    }

    /// The bytes free for an unprivileged writer on the file system holding `folder` (0 if unknown).
    public static func free(_ folder: String) -> Int {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return 0 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    private static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

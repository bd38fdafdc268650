import Foundation
import Testing

/// The `cellar` executable run as a child process (for what only a separate process can show: a
/// build killed with SIGKILL, two builds at once, another user's permissions).
struct CellarProcess {
    /// Where the built `cellar` is: beside the test bundle.
    static let executable: String? = {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [folder.appendingPathComponent("cellar").path,
                          folder.deletingLastPathComponent().appendingPathComponent("cellar").path] {
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    struct Outcome {
        var status: Int32
        /// Set when a signal ended it (`status` is then the signal's number).
        var signalled: Bool
        var out: String
        var err: String
    }

    /// Runs `cellar <arguments>` (through `prefix`, such as `setpriv …`), with `environment` added.
    static func run(_ arguments: [String], environment: [String: String] = [:], prefix: [String] = [],
                    in folder: String? = nil) throws -> Outcome {
        let process = try start(arguments, environment: environment, prefix: prefix, in: folder)
        return process.wait()
    }

    /// A started `cellar`.
    final class Running: @unchecked Sendable {
        let process: Process
        let out: URL
        let err: URL

        init(process: Process, out: URL, err: URL) {
            self.process = process
            self.out = out
            self.err = err
        }

        func wait() -> Outcome {
            process.waitUntilExit()
            let outcome = Outcome(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                                  out: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                                  err: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
            return outcome
        }
    }

    static func start(_ arguments: [String], environment: [String: String] = [:], prefix: [String] = [],
                      in folder: String? = nil) throws -> Running {
        guard let executable else { throw Missing() }
        let process = Process()
        let command = prefix + [executable] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        var merged = ProcessInfo.processInfo.environment
        merged["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-process-\(UUID().uuidString)")
        let out = base.appendingPathExtension("out"), err = base.appendingPathExtension("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return Running(process: process, out: out, err: err)
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "the cellar executable was not found beside the test bundle (\(CommandLine.arguments[0])); build it with `swift build`"
        }
    }
}

/// Files under a folder with their bytes (hidden ones included), for comparing whole sites.
enum FolderSnapshot {
    static func take(_ folder: String) -> [String: Data]? {
        guard FileManager.default.fileExists(atPath: folder) else { return nil }
        var result: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return result }
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return result
    }

    /// Every path under `folder`, folders too, relative and sorted.
    static func paths(_ folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String { paths.append(path) }
        return paths.sorted()
    }
}

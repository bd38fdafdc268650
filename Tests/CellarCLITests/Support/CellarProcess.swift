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
                    in folder: String? = nil) async throws -> Outcome {
        let process = try start(arguments, environment: environment, prefix: prefix, in: folder)
        return await process.wait()
    }

    /// A started `cellar`: spawned with `posix_spawn` and reaped with `waitpid` (Foundation's
    /// `Process` was seen to start a child late while other tests started theirs).
    final class Running: Sendable {
        let pid: pid_t
        let out: String
        let err: String

        init(pid: pid_t, out: String, err: String) {
            self.pid = pid
            self.out = out
            self.err = err
        }

        /// What it wrote to stderr so far.
        var errorOutput: String { (try? String(contentsOfFile: err, encoding: .utf8)) ?? "" }

        /// Waits for it to end — on a thread of its own: a blocked `waitpid` on one of the few threads
        /// that run every test's tasks would stall the other tests.
        func wait() async -> Outcome {
            await withCheckedContinuation { (done: CheckedContinuation<Outcome, Never>) in
                Thread { done.resume(returning: self.waitBlocking()) }.start()
            }
        }

        private func waitBlocking() -> Outcome {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7F
            let outcome = Outcome(status: signal != 0 ? signal : (status >> 8) & 0xFF, signalled: signal != 0,
                                  out: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                                  err: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
            unlink(out)
            unlink(err)
            return outcome
        }
    }

    static func start(_ arguments: [String], environment: [String: String] = [:], prefix: [String] = [],
                      in folder: String? = nil, executable: String? = Self.executable) throws -> Running {
        guard let executable else { throw Missing() }
        // `env -C DIR` starts it in DIR (posix_spawn's own chdir action is not exposed to Swift).
        let command = prefix + (folder.map { ["/usr/bin/env", "-C", $0] } ?? []) + [executable] + arguments
        var merged = ProcessInfo.processInfo.environment
        merged["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in environment { merged[key] = value }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-process-\(UUID().uuidString)").path
        let out = base + ".out", err = base + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = command.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard result == 0 else { throw SpawnFailure(code: result) }
        return Running(pid: pid, out: out, err: err)
    }

    struct SpawnFailure: Error { var code: Int32 }

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

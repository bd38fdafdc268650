import CellarEngine
import CellarFiles
import Foundation

/// How long one process ran and how much memory it took, as `measure.py` reports it.
struct ProcessMeasurement: Sendable {
    /// Wall from spawn to reap; CPU and peak memory from `wait4` (of the children it waited for too).
    var usage: ResourceUsage<Double>
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
    /// Whether the bench stopped it at its time limit (then `wall` is a lower bound, and `peak`
    /// the peak until then).
    var stopped = false
}

/// Spawns a process with `posix_spawn`, waits with `wait4` and returns its wall time, CPU time and peak RSS.
///
/// Linux folds the resident set of the process that calls `exec` into the new program's `ru_maxrss`
/// (and `posix_spawn` execs from a vfork of the caller), so a child spawned straight from the bench
/// would report at least the bench's own peak — 200 MiB after the in-memory phase. ``measure(_:_:stdout:stderr:result:)``
/// therefore goes through a fresh, small `cellar-bench` process (``helperFlag``) that spawns,
/// times and reaps the command and writes the figures to a file.
enum ProcessTimer {
    static let helperFlag = "--measure-child"

    /// Runs `executable` through the measuring helper; standard input is `/dev/null`, standard
    /// output and error go to the given files (or `/dev/null`); `result` is a scratch file. With a
    /// `limit` (seconds), the process is stopped (SIGTERM) once it has run that long, and the
    /// measurement says so (``ProcessMeasurement/stopped``).
    static func measure(
        _ executable: String, _ arguments: [String], stdout: String?, stderr: String?, result: String, limit: Double? = nil
    ) throws(BenchError) -> ProcessMeasurement {
        guard let helper = selfExecutable() else {
            return try spawn(executable, arguments, stdout: stdout, stderr: stderr, limit: limit)
        }
        FileTree.remove(result)
        let limitArguments = limit.map { [limitFlag, String($0)] } ?? []
        let outer = try spawn(helper, [helperFlag, result] + limitArguments + [executable] + arguments, stdout: stdout, stderr: stderr)
        guard let text = FileTree.read(result) else {
            throw .failure("the measuring helper (\(helper) \(helperFlag)) wrote no result; exit \(outer.status)")
        }
        let fields = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 7 else { throw .failure("the measuring helper wrote an unreadable result: \(text)") }
        let usage = ResourceUsage(wall: fields[0], cpu: fields[1], user: fields[2], system: fields[3], peak: fields[4])
        return ProcessMeasurement(usage: usage, status: Int32(fields[5]), stopped: fields[6] != 0)
    }

    static let limitFlag = "--limit"

    /// The helper's side: `cellar-bench --measure-child RESULT [--limit SECONDS] EXECUTABLE ARGS…` runs the
    /// command with the helper's own standard streams and writes `wall cpu user system peak status stopped` to
    /// RESULT. Returns the exit status.
    static func helperMain(_ arguments: [String]) -> Int32 {
        var command = arguments.dropFirst()
        var limit: Double?
        if command.first == limitFlag, command.count >= 2 {
            limit = Double(command[command.startIndex + 1])
            command = command.dropFirst(2)
        }
        guard let result = arguments.first, let executable = command.first else { return 2 }
        do throws(BenchError) {
            let measured = try spawn(executable, Array(command.dropFirst()), inheritOutput: true, limit: limit)
            let usage = measured.usage
            let line = "\(usage.wall) \(usage.cpu) \(usage.user) \(usage.system) \(usage.peak) \(measured.status) \(measured.stopped ? 1 : 0)\n"
            try FileTree.write(Array(line.utf8), toFile: result, append: false)
            return measured.status
        } catch {
            FileHandle.standardError.write(Data("cellar-bench \(helperFlag): \(error.description)\n".utf8))
            return 1
        }
    }

    /// Spawns and reaps one process directly; with a `limit`, stops it (SIGTERM) after that many seconds.
    static func spawn(
        _ executable: String, _ arguments: [String], stdout: String? = nil, stderr: String? = nil, inheritOutput: Bool = false,
        limit: Double? = nil
    ) throws(BenchError) -> ProcessMeasurement {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if !inheritOutput {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }

        var pid: pid_t = 0
        let start = monotonicSeconds()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw .failure("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        var stopped = false
        while true {
            let options: Int32 = limit == nil || stopped ? 0 : WNOHANG
            let reaped = wait4(pid, &status, options, &usage)
            if reaped == pid { break }
            if reaped < 0 {
                guard errno == EINTR else { throw .failure("wait4 failed for \(executable): \(String(cString: strerror(errno)))") }
                continue
            }
            // Still running, with a limit: look again in 50 ms, or stop it once the limit is past.
            if let limit, monotonicSeconds() - start >= limit {
                kill(pid, SIGTERM)
                stopped = true
            } else {
                usleep(50_000)
            }
        }
        let wall = monotonicSeconds() - start
        let signal = status & 0x7F
        let exit = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return ProcessMeasurement(usage: ResourceUsage(wall: wall, rusage: usage), status: exit, stopped: stopped)
    }

    /// The peak resident set of this process so far, in bytes.
    static func selfPeakRSS() -> Double {
        Double(SystemCalls.selfUsage().ru_maxrss) * 1024
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// This executable's path, from `/proc/self/exe`.
    static func selfExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A `timeval` in seconds.
    static func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1e6
    }
}

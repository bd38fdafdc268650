import AnnotatedLocking
import Foundation
import Synchronization

/// Marks on standard error, each with the wall time since the previous one, once the command
/// line turned them on (`cellar build --trace --timings`): where a large build spends its time
/// between and inside stages. Silent, and one flag test, otherwise.
package enum Trace {
    private static let on = Atomic<Bool>(false)
    private static let last = Mutex(ContinuousClock.now)

    /// Turns the marks on for the rest of the process.
    package static func enable() {
        last.withAnnotatedLock { $0 = ContinuousClock.now }
        on.store(true, ordering: .relaxed)
    }

    package static var enabled: Bool { on.load(ordering: .relaxed) }

    package static func mark(_ label: @autoclosure () -> String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let elapsed = last.withAnnotatedLock { last in defer { last = now }; return now - last }
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let (rss, peak) = memory()
        FileHandle.standardError.write(Data((String(format: "  trace %8.1f ms  rss %5d MiB  peak %5d MiB  ", ms, rss, peak)
            + label() + "\n").utf8))
    }

    /// The process's resident memory now and at its peak so far, in MiB (`VmRSS`, `VmHWM` of
    /// /proc/self/status; zeros where there is none).
    private static func memory() -> (Int, Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return 0 }
            return (Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0) / 1024
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }
}

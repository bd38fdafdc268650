import AnnotatedLocking
import Foundation
import Synchronization

/// Marks on standard error, each with the wall time since the previous one, when the environment
/// variable `CELLAR_TRACE` is set: where a large build spends its time between and inside stages
/// (`CELLAR_TRACE=1 cellar build --timings`). Silent, and one flag test, otherwise.
enum Trace {
    static let enabled = ProcessInfo.processInfo.environment["CELLAR_TRACE"] != nil
    private static let last = Mutex(ContinuousClock.now)

    static func mark(_ label: @autoclosure () -> String) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let elapsed = last.withAnnotatedLock { last in defer { last = now }; return now - last }
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        FileHandle.standardError.write(Data((String(format: "  trace %8.1f ms  ", ms) + label() + "\n").utf8))
    }
}

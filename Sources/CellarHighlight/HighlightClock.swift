#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads how much CPU time the calling thread has used: what a ``HighlightBudget`` charges a block
/// is the difference of two readings around it. Tests make their own, to charge exact amounts.
package struct HighlightClock: Sendable {
    package let now: @Sendable () -> Duration

    package init(now: @escaping @Sendable () -> Duration) {
        self.now = now
    }

    /// The calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), the clock the library's own
    /// per-block limit reads too.
    package static let threadCPU = HighlightClock {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}

import AnnotatedLocking
import Synchronization

/// The highlighting time of one build (see ``HighlightLimits``), shared by every thread that
/// renders a body: what has been spent so far, and the slowest block, which warnings name. Each
/// file draws on it through its own ``FileHighlightBudget``.
///
/// ```swift
/// let budget = HighlightBudget(limits: HighlightLimits(perFile: .seconds(5)))
/// let share = budget.file("content/big.md", firstLine: 4)      // one per body rendered
/// let block = highlighter.highlight(code, language: "swift", attributes: "", line: 12, within: share)
/// share.cutoff   // set once the file's or the build's time ran out: blocks from there on are plain
/// ```
/// Time is read from ``clock`` around each block; with blocks on several threads at once, which
/// blocks are left plain once the build's time runs out depends on their order.
package final class HighlightBudget: Sendable {
    package let limits: HighlightLimits
    package let clock: HighlightClock
    private let state = Mutex(State())

    private struct State {
        var spent: Duration = .zero
        var slowest: TimedBlock?
    }

    package init(limits: HighlightLimits = HighlightLimits(), clock: HighlightClock = .threadCPU) {
        self.limits = limits
        self.clock = clock
    }

    /// The share of the file shown as `path`, whose body starts on line `firstLine` of it.
    package func file(_ path: String, firstLine: Int = 1) -> FileHighlightBudget {
        FileHighlightBudget(build: self, file: path, firstLine: firstLine)
    }

    /// The time highlighting has taken in this build, on all threads together.
    package var spent: Duration {
        state.withAnnotatedLock { $0.spent }
    }

    /// The slowest block highlighted so far.
    package var slowest: TimedBlock? {
        state.withAnnotatedLock { $0.slowest }
    }

    /// What the build may still spend.
    var remaining: Duration {
        limits.perBuild - spent
    }

    func charge(_ block: TimedBlock) {
        state.withAnnotatedLock { state in
            state.spent += block.time
            if block.time > state.slowest?.time ?? .zero { state.slowest = block }
        }
    }
}

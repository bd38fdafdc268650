import AnnotatedLocking
@testable import CellarHighlight
import Synchronization
import Testing

/// A clock that charges each block exactly what the test says: read twice per block (before and
/// after), it moves by the block's cost between the two readings.
final class ScriptedClock: Sendable {
    private let state: Mutex<(now: Duration, costs: [Duration], reads: Int)>

    init(costs: [Duration]) {
        state = Mutex((.zero, costs, 0))
    }

    var clock: HighlightClock {
        HighlightClock { [self] in
            state.withAnnotatedLock { state in
                state.reads += 1
                if state.reads.isMultiple(of: 2), !state.costs.isEmpty { state.now += state.costs.removeFirst() }
                return state.now
            }
        }
    }
}

/// The time highlighting may take per block, per file and per build, counted with a scripted
/// clock: no test here depends on how fast the machine is.
@Suite struct HighlightBudgetTests {
    private let code = "let answer = 42\n"

    private func blocks(_ count: Int, in share: FileHighlightBudget, firstLine: Int = 10) -> [HighlightedCode] {
        (0..<count).map { index in
            testHighlighter.highlight(code, language: "swift", attributes: "", line: firstLine + 10 * index, within: share)
        }
    }

    @Test func onceAFilesTimeIsSpentItsOtherBlocksArePlainAndTheSlowestIsNamed() {
        let clock = ScriptedClock(costs: [.seconds(1), .seconds(3), .seconds(2), .seconds(1)])
        let budget = HighlightBudget(limits: HighlightLimits(perBlock: .seconds(4), perFile: .seconds(5), perBuild: .seconds(100)),
                                     clock: clock.clock)
        let share = budget.file("content/big.md", firstLine: 5)
        let drawn = blocks(5, in: share)
        #expect(drawn.map(\.isHighlighted) == [true, true, true, false, false])
        #expect(drawn[3].html.contains("<code>let answer = 42\n</code>"), "plain, escaped code")
        #expect(drawn[3].problems.isEmpty, "the file's cutoff says it, once")
        #expect(share.cutoff == FileHighlightBudget.Cutoff(
            share: .file, limit: .seconds(5), line: 40, blocks: 2,
            slowest: TimedBlock(file: "content/big.md", line: 24, language: "swift", time: .seconds(3))))
        #expect(share.spent == .seconds(6))
        #expect(budget.spent == .seconds(6))
        #expect(TimedBlock(file: "content/big.md", line: 24, language: "swift", time: .milliseconds(2950)).description
            == "content/big.md:24 (swift, 3.0 s)")
    }

    @Test func eachFileHasItsOwnShare() {
        let clock = ScriptedClock(costs: Array(repeating: .seconds(2), count: 4))
        let budget = HighlightBudget(limits: HighlightLimits(perFile: .seconds(3)), clock: clock.clock)
        let first = budget.file("content/a.md")
        let second = budget.file("content/b.md")
        #expect(blocks(3, in: first).map(\.isHighlighted) == [true, true, false])
        #expect(blocks(2, in: second).map(\.isHighlighted) == [true, true])
        #expect(second.cutoff == nil)
    }

    @Test func onceTheBuildsTimeIsSpentEveryFilesBlocksArePlain() {
        let clock = ScriptedClock(costs: [.seconds(2), .seconds(3), .seconds(1)])
        let budget = HighlightBudget(limits: HighlightLimits(perBuild: .seconds(4)), clock: clock.clock)
        let first = budget.file("content/a.md", firstLine: 3)
        #expect(blocks(2, in: first).map(\.isHighlighted) == [true, true])
        let second = budget.file("content/b.md")
        #expect(blocks(3, in: second).map(\.isHighlighted) == [false, false, false])
        #expect(second.cutoff == FileHighlightBudget.Cutoff(
            share: .build, limit: .seconds(4), line: 10, blocks: 3,
            slowest: TimedBlock(file: "content/a.md", line: 22, language: "swift", time: .seconds(3))))
        #expect(first.cutoff == nil)
    }

    @Test func aBlockMayTakeWhatIsLeftAtMost() {
        let budget = HighlightBudget(limits: HighlightLimits(perBlock: .seconds(2), perFile: .seconds(5), perBuild: .seconds(6)),
                                     clock: ScriptedClock(costs: []).clock)
        let share = budget.file("content/a.md")
        #expect(share.allowance() == .granted(limit: .seconds(2), share: nil))
        share.charge(line: 1, language: "swift", time: .milliseconds(3500), stoppedBy: nil)
        #expect(share.allowance() == .granted(limit: .milliseconds(1500), share: .file))
        budget.file("content/b.md").charge(line: 1, language: "sh", time: .seconds(2), stoppedBy: nil)
        #expect(share.allowance() == .granted(limit: .milliseconds(500), share: .build))
        share.charge(line: 9, language: "swift", time: .milliseconds(500), stoppedBy: .build)
        #expect(share.allowance() == .exhausted(.file) || share.allowance() == .exhausted(.build))
        #expect(share.cutoff?.line == 9, "the block the time ran out in is the first plain one")
        #expect(share.cutoff?.share == .build)
        #expect(share.cutoff?.slowest?.description == "content/a.md:1 (swift, 3.5 s)")
    }

    @Test func blocksThatNeedNoHighlightingCostNothing() {
        let budget = HighlightBudget(limits: HighlightLimits(perFile: .seconds(1)), clock: ScriptedClock(costs: [.seconds(5)]).clock)
        let share = budget.file("content/a.md")
        _ = testHighlighter.highlight("plain\n", language: "text", attributes: "", line: 1, within: share)
        _ = testHighlighter.highlight("x\n", language: "pyhton", attributes: "", line: 2, within: share)
        #expect(share.spent == .zero)
        #expect(testHighlighter.highlight(code, language: "swift", attributes: "", line: 3, within: share).isHighlighted)
    }
}

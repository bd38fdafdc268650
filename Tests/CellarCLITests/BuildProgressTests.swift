@testable import CellarCLI
import CellarEngine
import Testing

/// The progress line of long builds and checks: on a terminal only, drawn at each tick of its
/// ticker (the program's ticks after a second, then every tenth of one). The tests tick by hand:
/// what they see does not depend on how long anything takes.
@Suite struct BuildProgressTests {
    /// Runs pretend work that reports being halfway through parsing and ticks `ticks` times.
    private func run(interactive: Bool, ticks: Int) async -> String {
        let capture = CapturingTerminal()
        let progress = BuildProgress(terminal: capture.terminal(interactive: interactive), ticker: .manual)
        await progress.run {
            progress.stageStarted(.parsingItems)
            progress.progress(.parsingItems, done: 500, total: 1_000)
            for _ in 0..<ticks { progress.tick() }
        }
        return capture.err + capture.out
    }

    @Test func aLongBuildOnATerminalShowsItsStageAndCountThenErasesTheLine() async {
        let printed = await run(interactive: true, ticks: 2)
        #expect(printed == "\r\u{1B}[Kparsing items… 500/1000\r\u{1B}[Kparsing items… 500/1000\r\u{1B}[K", "\(printed.debugDescription)")
    }

    @Test func aBuildThatEndsBeforeTheFirstTickShowsNothing() async {
        #expect(await run(interactive: true, ticks: 0).isEmpty)
    }

    @Test func nothingReachesAPipe() async {
        #expect(await run(interactive: false, ticks: 3).isEmpty)
    }

    @Test func beforeAnyStageThereIsNothingToShow() async {
        let capture = CapturingTerminal()
        let progress = BuildProgress(terminal: capture.terminal(interactive: true), ticker: .manual)
        await progress.run { progress.tick() }
        #expect(capture.err.isEmpty)
    }
}

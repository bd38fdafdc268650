@testable import CellarCLI
import CellarEngine
import Testing

/// The progress line of long builds and checks: on a terminal only, and only after a second.
@Suite struct BuildProgressTests {
    /// Runs pretend work that reports being halfway through parsing, for `seconds` — or, with
    /// `untilShown`, until the progress line appears (at most three minutes: the suite shares the
    /// cores, and under ThreadSanitizer the render-budget tests held both for over a minute).
    private func run(interactive: Bool, seconds: Double, untilShown: Bool = false) async -> String {
        let capture = CapturingTerminal()
        let progress = BuildProgress(terminal: capture.terminal(interactive: interactive))
        let clock = ContinuousClock()
        let start = clock.now
        await progress.run {
            progress.stageStarted(.parse)
            progress.progress(.parse, done: 500, total: 1_000)
            while clock.now - start < .seconds(seconds)
                    || untilShown && !capture.err.contains("parsing") && clock.now - start < .seconds(180) {
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        return capture.err + capture.out
    }

    @Test func aLongBuildOnATerminalShowsItsStageAndCountThenErasesTheLine() async {
        let printed = await run(interactive: true, seconds: 1.2, untilShown: true)
        #expect(printed.contains("parsing… 500/1000"), "\(printed.debugDescription)")
        #expect(printed.hasPrefix("\r\u{1B}[K"))
        #expect(printed.hasSuffix("\r\u{1B}[K"), "the line is erased at the end")
    }

    @Test func aShortBuildShowsNothing() async {
        #expect(await run(interactive: true, seconds: 0).isEmpty)
    }

    @Test func nothingReachesAPipe() async {
        #expect(await run(interactive: false, seconds: 1.4).isEmpty)
    }
}

import AnnotatedLocking
import CellarEngine
import Foundation
import Synchronization

/// Shows what a long build is doing on one self-erasing line — only on a terminal, and only once
/// the build has taken more than a second. Nothing of it reaches a pipe.
final class BuildProgress: BuildReporter {
    private struct State {
        var stage: BuildStage?
        var done = 0
        var total = 0
        var shown = false
    }

    private let state = Mutex(State())
    private let terminal: Terminal
    private let ticker: ProgressTicker

    init(terminal: Terminal, ticker: ProgressTicker = .timer) {
        self.terminal = terminal
        self.ticker = ticker
    }

    func stageStarted(_ stage: BuildStage) {
        state.withAnnotatedLock { $0.stage = stage; $0.done = 0; $0.total = 0 }
    }

    func progress(_ stage: BuildStage, done: Int, total: Int) {
        state.withAnnotatedLock { $0.done = done; $0.total = total }
    }

    /// Said once, on a terminal or not: a build that seems to hang would be worse.
    func waitingForOtherBuild() {
        terminal.err("waiting for another build of this site to finish…")
    }

    /// Redraws the line with the current stage and count (on a terminal, once a stage started).
    func tick() {
        guard terminal.isInteractive else { return }
        let line = state.withAnnotatedLock { state -> String? in
            guard let stage = state.stage else { return nil }
            state.shown = true
            let count = state.total > 0 ? " \(state.done)/\(state.total)" : ""
            return "\(stage.rawValue)…\(count)"
        }
        if let line { terminal.errRaw("\r\u{1B}[K" + terminal.styled(line, .dim)) }
    }

    /// Runs `work`, drawing the progress line at each tick of the ticker while it lasts, and
    /// erases the line at the end.
    func run<T: Sendable>(_ work: () async throws -> T) async rethrows -> T {
        guard terminal.isInteractive else { return try await work() }
        let ticks = Task { [self, ticker] in await ticker.run { self.tick() } }
        defer {
            ticks.cancel()
            if state.withAnnotatedLock({ $0.shown }) { terminal.errRaw("\r\u{1B}[K") }
        }
        return try await work()
    }
}

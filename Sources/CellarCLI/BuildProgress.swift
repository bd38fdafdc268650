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

    init(terminal: Terminal) {
        self.terminal = terminal
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

    /// Runs `work`, drawing the progress line while it lasts.
    func run<T: Sendable>(_ work: () async throws -> T) async rethrows -> T {
        guard terminal.isInteractive else { return try await work() }
        let ticker = Task { [self] in
            try await Task.sleep(for: .seconds(1))
            while !Task.isCancelled {
                let line = self.state.withAnnotatedLock { state -> String? in
                    guard let stage = state.stage else { return nil }
                    state.shown = true
                    let count = state.total > 0 ? " \(state.done)/\(state.total)" : ""
                    return "\(stage.rawValue)…\(count)"
                }
                if let line { self.terminal.errRaw("\r\u{1B}[K" + self.terminal.styled(line, .dim)) }
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        defer {
            ticker.cancel()
            if state.withAnnotatedLock({ $0.shown }) { terminal.errRaw("\r\u{1B}[K") }
        }
        return try await work()
    }
}

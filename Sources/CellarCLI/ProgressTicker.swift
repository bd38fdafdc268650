/// What makes the progress line of a long build redraw: a timer in the program (first after a
/// second, then ten times a second), nothing at all in tests, which call
/// ``BuildProgress/tick()`` themselves — so what they see does not depend on how long anything takes.
struct ProgressTicker: Sendable {
    /// Runs until cancelled, calling `tick` whenever the line should be redrawn.
    let run: @Sendable (_ tick: @escaping @Sendable () -> Void) async -> Void

    /// The program's: after one second, then every tenth of a second.
    static let timer = ProgressTicker { tick in
        guard (try? await Task.sleep(for: .seconds(1))) != nil else { return }
        while !Task.isCancelled {
            tick()
            guard (try? await Task.sleep(for: .milliseconds(100))) != nil else { return }
        }
    }

    /// Never ticks by itself (tests).
    static let manual = ProgressTicker { _ in }
}

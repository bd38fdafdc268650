import AnnotatedLocking
import Synchronization

/// One file's share of a build's ``HighlightBudget``: what its blocks have taken, and — once its
/// own time or the build's ran out — from which block on they are shown as plain code.
package final class FileHighlightBudget: Sendable {
    /// The build's budget it draws on.
    package let build: HighlightBudget
    /// The file, as shown in messages.
    package let file: String
    /// The line of the file its body starts on.
    let firstLine: Int
    private let state = Mutex(State())

    /// Why the blocks of a file from one on are shown as plain code.
    package struct Cutoff: Sendable, Hashable {
        /// Whose time ran out.
        package enum Share: Sendable, Hashable {
            case file, build
        }

        package var share: Share
        /// The time that share may take (``HighlightLimits/perFile`` or ``HighlightLimits/perBuild``).
        package var limit: Duration
        /// The line, in the body, of the first block left plain (the one being highlighted when the
        /// time ran out, or the first not tried).
        package var line: Int
        /// How many blocks were left plain, that one included.
        package var blocks: Int
        /// The slowest block highlighted before: of the file for ``Share/file``, of the whole
        /// build for ``Share/build``.
        package var slowest: TimedBlock?
    }

    /// What the next block may take.
    enum Allowance: Equatable {
        /// At most `limit`; `share` says whose time it is, when less than the block's own limit.
        case granted(limit: Duration, share: Cutoff.Share?)
        /// Nothing: `share`'s time has run out.
        case exhausted(Cutoff.Share)
    }

    private struct State {
        var spent: Duration = .zero
        var slowest: TimedBlock?
        var cutoff: Cutoff?
    }

    init(build: HighlightBudget, file: String, firstLine: Int) {
        self.build = build
        self.file = file
        self.firstLine = firstLine
    }

    /// Set once blocks are left plain because time ran out.
    package var cutoff: Cutoff? {
        state.withAnnotatedLock { $0.cutoff }
    }

    /// The time this file's blocks have taken.
    package var spent: Duration {
        state.withAnnotatedLock { $0.spent }
    }

    func allowance() -> Allowance {
        let limits = build.limits
        let fileLeft = limits.perFile - spent
        let buildLeft = build.remaining
        if fileLeft <= .zero { return .exhausted(.file) }
        if buildLeft <= .zero { return .exhausted(.build) }
        if limits.perBlock <= min(fileLeft, buildLeft) { return .granted(limit: limits.perBlock, share: nil) }
        return fileLeft <= buildLeft ? .granted(limit: fileLeft, share: .file) : .granted(limit: buildLeft, share: .build)
    }

    /// Charges a block highlighted at `line` of the body (completely, or until `share`'s time ran out).
    func charge(line: Int, language: String, time: Duration, stoppedBy share: Cutoff.Share?) {
        let block = TimedBlock(file: file, line: firstLine + line - 1, language: language, time: time)
        build.charge(block)
        state.withAnnotatedLock { state in
            state.spent += time
            if time > state.slowest?.time ?? .zero { state.slowest = block }
        }
        if let share { leftPlain(line: line, because: share) }
    }

    /// Notes a block at `line` of the body left plain because `share`'s time ran out.
    func leftPlain(line: Int, because share: Cutoff.Share) {
        let buildSlowest = share == .build ? build.slowest : nil
        state.withAnnotatedLock { state in
            if state.cutoff == nil {
                state.cutoff = Cutoff(share: share, limit: share == .file ? build.limits.perFile : build.limits.perBuild,
                                      line: line, blocks: 0, slowest: share == .file ? state.slowest : buildSlowest)
            }
            state.cutoff?.blocks += 1
        }
    }
}

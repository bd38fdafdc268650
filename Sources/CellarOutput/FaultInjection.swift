import CellarFiles
import Synchronization

/// A test hook for the output transaction: counts every change it makes on disk (each file
/// written, linked or removed, each folder made or removed, the marker, the manifest, the swap)
/// and can stop the process dead at step N — `SIGKILL`, as `kill -9` would — or make writes fail
/// as on a full disk. Off unless a test asks for it (`cellar build` reads it from the
/// `CELLAR_TEST_FAULT` environment variable: see ``init(parsing:)``).
package final class FaultInjection: Sendable {
    /// Killed (SIGKILL) just before this step runs (1-based).
    let killAt: Int?
    /// Sleeps this long just before step ``killAt`` runs instead of dying (for lock tests).
    let pauseAt: (step: Int, milliseconds: Int)?
    /// Waits just before this step runs until a file exists at the path (at most ten minutes): a
    /// test holds the build there, does what it wants to see happen meanwhile, then lets it go.
    let holdAt: (step: Int, path: String)?
    /// Writes fail with ENOSPC once this many bytes were written.
    let spaceLimit: Int?
    /// Writes fail with EIO after this many succeeded (a disk error in the middle of a build).
    let failAfter: Int?
    /// Called with each step's number just before the step runs, on the thread about to run it
    /// (tests look at the output folder there: the step waits for them).
    let observer: (@Sendable (Int) -> Void)?
    private let steps = Atomic<Int>(0)
    private let bytes = Atomic<Int>(0)
    private let writes = Atomic<Int>(0)

    package init(killAt: Int? = nil, pauseAt: (step: Int, milliseconds: Int)? = nil, holdAt: (step: Int, path: String)? = nil,
                 spaceLimit: Int? = nil, failAfter: Int? = nil, observer: (@Sendable (Int) -> Void)? = nil) {
        self.failAfter = failAfter
        self.killAt = killAt
        self.pauseAt = pauseAt
        self.holdAt = holdAt
        self.spaceLimit = spaceLimit
        self.observer = observer
    }

    /// `kill-at=N`, `pause-at=N:MS`, `hold-at=N:PATH`, `space=BYTES`, `fail-after=N`, separated by
    /// commas; nil for anything else.
    package convenience init?(parsing text: String) {
        var killAt: Int?, pauseAt: (Int, Int)?, holdAt: (Int, String)?, spaceLimit: Int?, failAfter: Int?
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return nil }
            switch pair[0] {
            case "kill-at": killAt = Int(pair[1])
            case "space": spaceLimit = Int(pair[1])
            case "fail-after": failAfter = Int(pair[1])
            case "pause-at":
                let numbers = pair[1].split(separator: ":").compactMap { Int($0) }
                guard numbers.count == 2 else { return nil }
                pauseAt = (numbers[0], numbers[1])
            case "hold-at":
                let parts = pair[1].split(separator: ":", maxSplits: 1).map(String.init)
                guard parts.count == 2, let step = Int(parts[0]) else { return nil }
                holdAt = (step, parts[1])
            default: return nil
            }
        }
        self.init(killAt: killAt, pauseAt: pauseAt, holdAt: holdAt, spaceLimit: spaceLimit, failAfter: failAfter)
    }

    /// No fault: every call is a counter increment.
    package static let none = FaultInjection()

    /// Called before each change on disk.
    package func step() {
        let number = steps.wrappingAdd(1, ordering: .relaxed).newValue
        observer?(number)
        if let pauseAt, number == pauseAt.step { usleep(UInt32(pauseAt.milliseconds) * 1000) }
        if let holdAt, number == holdAt.step {
            var waited = 0
            while access(holdAt.path, F_OK) != 0, waited < 600_000 {
                usleep(1000)
                waited += 1
            }
        }
        if number == killAt { kill(getpid(), SIGKILL) }
    }

    /// Before writing `count` bytes: throws ENOSPC when the simulated disk has no room for them.
    func reserve(_ count: Int, for path: String) throws(FileIOError) {
        if let failAfter, writes.wrappingAdd(1, ordering: .relaxed).newValue > failAfter {
            throw FileIOError(path: path, operation: "write", code: EIO)
        }
        guard let spaceLimit else { return }
        let total = bytes.wrappingAdd(count, ordering: .relaxed).newValue
        if total > spaceLimit { throw FileIOError(path: path, operation: "write", code: ENOSPC) }
    }

    /// What the simulated disk has free, when there is one.
    var simulatedFreeSpace: Int? { spaceLimit }
}

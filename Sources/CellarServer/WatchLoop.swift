import Glibc
import IgnoredFileNames

/// The body of a ``FileWatcher``'s thread: reads inotify events, turns them into paths,
/// debounces them and calls back. It owns the inotify descriptor and the stop pipe, and
/// closes both when it returns (which it does only once stopped).
final class WatchLoop {
    private let tree: WatchTree
    private let roots: [String]
    private let stopSignal: WakeupPipe
    private let onChange: @Sendable (FileChanges) -> Void
    private var debouncer: Debouncer
    private var changed: Set<String> = []
    private var overflowed = false

    init(tree: WatchTree, roots: [String], stopSignal: WakeupPipe, debouncer: Debouncer,
         onChange: @escaping @Sendable (FileChanges) -> Void) {
        self.tree = tree
        self.roots = roots
        self.stopSignal = stopSignal
        self.debouncer = debouncer
        self.onChange = onChange
    }

    /// Runs until the stop pipe is signalled.
    func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var fds = [
            pollfd(fd: tree.fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopSignal.readFD, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, nfds_t(fds.count), timeoutUntilDeadline())
            if ready < 0 && errno != EINTR { fds[0].fd = -1 }  // cannot happen; keep waiting for stop
            if fds[1].revents != 0 { break }
            if fds[0].revents != 0 { readEvents(into: &buffer) }
            if debouncer.isDue(at: .now) { deliver() }
        }
        abandon()
    }

    /// Closes the descriptors the loop owns; `run()` does it on its way out.
    func abandon() {
        _ = close(tree.fd)
        stopSignal.close()
    }
}

private extension WatchLoop {
    func timeoutUntilDeadline() -> Int32 {
        guard let deadline = debouncer.deadline else { return -1 }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        return remaining.pollMilliseconds
    }

    func readEvents(into buffer: inout [UInt8]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(tree.fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            let events = buffer.withUnsafeBytes { InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            for event in events where handle(event) {
                debouncer.record(at: .now)
            }
        }
    }

    /// Applies one event to the watches and the changed paths; whether it counts as a change.
    func handle(_ event: InotifyEvent) -> Bool {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            overflowed = true
            var ignored: Set<String> = []
            for root in roots { tree.addRecursively(root, isRoot: true, collectingFilesInto: &ignored) }
            return true
        }
        guard let folder = tree.path(for: event.watch) else { return false }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            tree.forget(event.watch)
            return false
        }
        if event.name.isEmpty {
            guard event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 else { return false }
            changed.insert(folder)
            return true
        }
        if IgnoredFileNames.contains(event.name) { return false }
        let path = folder + "/" + event.name
        if event.mask & UInt32(IN_ISDIR) != 0 {
            if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                tree.addRecursively(path, collectingFilesInto: &changed)
            } else if event.mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 {
                tree.removeSubtree(path)
            } else {
                return false
            }
        }
        changed.insert(path)
        return true
    }

    func deliver() {
        let changes = FileChanges(paths: changed, mayHaveMissedChanges: overflowed)
        changed = []
        overflowed = false
        debouncer.reset()
        onChange(changes)
    }
}

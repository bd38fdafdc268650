#if os(Linux)
import Glibc
import IgnoredFileNames

/// The body of an ``InotifyWatcher``'s thread: reads inotify events, turns them into paths,
/// debounces them and calls back. It owns the inotify descriptor and the stop pipe, and
/// closes both when it returns (which it does only once stopped).
final class WatchLoop {
    private let tree: WatchTree
    private let roots: [String]
    private let stopSignal: WakeupPipe
    private let onChange: @Sendable (FileChanges) -> Void
    private var batch: ChangeBatch

    init(tree: WatchTree, roots: [String], stopSignal: WakeupPipe, batch: ChangeBatch,
         onChange: @escaping @Sendable (FileChanges) -> Void) {
        self.tree = tree
        self.roots = roots
        self.stopSignal = stopSignal
        self.batch = batch
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
            let ready = poll(&fds, nfds_t(fds.count), batch.pollTimeout)
            if ready < 0 && errno != EINTR { fds[0].fd = -1 }  // cannot happen; keep waiting for stop
            if fds[1].revents != 0 { break }
            if fds[0].revents != 0 { readEvents(into: &buffer) }
            if let changes = batch.takeIfDue(at: .now) { onChange(changes) }
        }
        abandon()
    }

    /// Closes the descriptors the loop owns, on its way out.
    private func abandon() {
        Platform.close(tree.fd)
        stopSignal.close()
    }
}

private extension WatchLoop {
    func readEvents(into buffer: inout [UInt8]) {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(tree.fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            let events = buffer.withUnsafeBytes { InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            for event in events {
                var changed: Set<String> = []
                if handle(event, changed: &changed) { batch.record(changed, at: .now) }
            }
        }
    }

    /// Applies one event to the watches, collecting the changed paths; whether it counts as a change.
    func handle(_ event: InotifyEvent, changed: inout Set<String>) -> Bool {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            batch.recordMissedChanges(at: .now)
            var ignored: Set<String> = []
            for root in roots { tree.addRecursively(root, isRoot: true, collectingFilesInto: &ignored) }
            return true
        }
        if let parent = tree.parentFolder(for: event.watch) {
            if event.mask & UInt32(IN_IGNORED) != 0 { tree.forget(event.watch) }
            return restoreIfReturned(parent + "/" + event.name, changed: &changed)
        }
        guard let folder = tree.path(for: event.watch) else { return false }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            tree.forget(event.watch)
            return false
        }
        if event.name.isEmpty {
            guard event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 else { return false }
            changed.insert(folder)
            if roots.contains(folder) {
                tree.removeSubtree(folder)
                tree.awaitReturn(of: folder)
                _ = restoreIfReturned(folder, changed: &changed)   // it may be back already
            }
            return true
        }
        let path = folder + "/" + event.name
        if tree.isAwaited(path) { return restoreIfReturned(path, changed: &changed) }
        if IgnoredFileNames.contains(event.name) { return false }
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

    /// Watches a deleted root again if `path` is that root and it is a folder once more.
    func restoreIfReturned(_ path: String, changed: inout Set<String>) -> Bool {
        guard tree.isAwaited(path), tree.addRecursively(path, isRoot: true, collectingFilesInto: &changed) == nil else {
            return false
        }
        tree.returned(path)
        changed.insert(path)
        batch.recordMissedChanges(at: .now)
        return true
    }
}
#endif

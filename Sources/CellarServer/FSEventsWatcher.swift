#if os(macOS)
import CoreServices
import Darwin
import Dispatch
import Foundation
import IgnoredFileNames

/// The ``FileWatcher`` of macOS: one FSEvents stream over all the roots, with file-level events.
///
/// FSEvents coalesces by itself (the stream's latency is `quietPeriod`: a burst within it is
/// one batch), watches paths rather than folders, so a root deleted and created again is still
/// watched (`kFSEventStreamCreateFlagWatchRoot` says it changed: the batch is marked
/// ``FileChanges/mayHaveMissedChanges``), and reports real paths, which are spelled back under
/// the roots as given. The callback runs on a serial queue of its own, one batch at a time.
///
/// Not compiled on Linux (where the project is built and tested): kept small and behind the
/// same protocol; ``PollingWatcher`` is the fallback that runs everywhere.
package final class FSEventsWatcher: FileWatcher {
    private let lifecycle: WatcherLifecycle<FSEventsStream>
    package var roots: [String] { lifecycle.roots }

    /// Creates a stopped watcher (see ``FileWatcherKind/makeWatcher(roots:quietPeriod:maxDelay:pollInterval:)``);
    /// `maxDelay` is kept for symmetry with the other watchers: FSEvents delivers after `quietPeriod` at most.
    package init(roots: [String], quietPeriod: Duration = .milliseconds(30), maxDelay: Duration = .milliseconds(200)) {
        lifecycle = WatcherLifecycle(roots: roots, quietPeriod: quietPeriod, maxDelay: maxDelay)
    }

    /// - Throws: ``FileWatcherError/cannotWatch(path:reason:)`` when a root is not a folder.
    package func start(onChange: @escaping @Sendable (FileChanges) -> Void) throws(FileWatcherError) {
        try lifecycle.start { () throws(FileWatcherError) -> FSEventsStream in
            var resolved: [FSEventsDelivery.Root] = []
            for root in lifecycle.roots {
                var info = stat()
                guard stat(root, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, let real = realpath(root, nil) else {
                    throw .cannotWatch(path: root, reason: "No such folder")
                }
                resolved.append(FSEventsDelivery.Root(given: root, real: String(cString: real)))
                free(real)
            }
            let quietPeriod = lifecycle.quietPeriod
            let seconds = Double(quietPeriod.components.seconds) + Double(quietPeriod.components.attoseconds) / 1e18
            return try FSEventsStream.start(roots: resolved, latency: seconds, onChange: onChange)
        }
    }

    package func stop() {
        lifecycle.stop()
    }
}

/// What the FSEvents callback needs, passed as the stream's context `info`.
final class FSEventsDelivery: Sendable {
    struct Root: Sendable {
        var given: String
        var real: String
    }

    let roots: [Root]
    let onChange: @Sendable (FileChanges) -> Void

    init(roots: [Root], onChange: @escaping @Sendable (FileChanges) -> Void) {
        self.roots = roots
        self.onChange = onChange
    }

    /// `path` (a real path) spelled under the root as given; `nil` outside the roots or when a
    /// component is an ignored name.
    func givenPath(for path: String) -> String? {
        for root in roots {
            if path == root.real { return root.given }
            guard path.hasPrefix(root.real + "/") else { continue }
            let relative = path.dropFirst(root.real.count + 1)
            if relative.split(separator: "/").contains(where: { IgnoredFileNames.contains(String($0)) }) { return nil }
            return root.given + "/" + relative
        }
        return nil
    }
}

/// A started stream. The stream reference is used only under its lifecycle's `Mutex`, and the
/// context is released once the stream is invalidated and its queue drained.
final class FSEventsStream: RunningWatch {
    private nonisolated(unsafe) let stream: FSEventStreamRef
    private let queue: DispatchQueue
    private let delivery: Unmanaged<FSEventsDelivery>
    private static let queueKey = DispatchSpecificKey<Bool>()

    private init(stream: FSEventStreamRef, queue: DispatchQueue, delivery: Unmanaged<FSEventsDelivery>) {
        self.stream = stream
        self.queue = queue
        self.delivery = delivery
    }

    static func start(
        roots: [FSEventsDelivery.Root], latency: Double, onChange: @escaping @Sendable (FileChanges) -> Void
    ) throws(FileWatcherError) -> FSEventsStream {
        let delivery = Unmanaged.passRetained(FSEventsDelivery(roots: roots, onChange: onChange))
        var context = FSEventStreamContext(
            version: 0, info: delivery.toOpaque(), retain: nil, release: nil, copyDescription: nil
        )
        let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagWatchRoot)
        guard let stream = FSEventStreamCreate(
            nil, fsEventsCallback, &context, roots.map(\.real) as CFArray,
            FSEventStreamEventId(kFSEventStreamEventIdSinceNow), latency, flags
        ) else {
            delivery.release()
            throw .cannotInitialize(reason: "FSEventStreamCreate failed")
        }
        let queue = DispatchQueue(label: "cellar.file-watcher")
        queue.setSpecific(key: queueKey, value: true)
        FSEventStreamSetDispatchQueue(stream, queue)
        guard FSEventStreamStart(stream) else {
            FSEventStreamInvalidate(stream)
            FSEventStreamRelease(stream)
            delivery.release()
            throw .cannotInitialize(reason: "FSEventStreamStart failed")
        }
        return FSEventsStream(stream: stream, queue: queue, delivery: delivery)
    }

    /// Stops the stream. From the callback itself (`stop()` inside `onChange`), the release
    /// waits until the callback has returned.
    func stop() {
        FSEventStreamStop(stream)
        FSEventStreamInvalidate(stream)
        nonisolated(unsafe) let stream = self.stream
        let delivery = self.delivery
        if DispatchQueue.getSpecific(key: Self.queueKey) == true {
            queue.async {
                FSEventStreamRelease(stream)
                delivery.release()
            }
        } else {
            queue.sync {}   // a callback in flight finishes first
            FSEventStreamRelease(stream)
            delivery.release()
        }
    }
}

private let fsEventsCallback: FSEventStreamCallback = { _, info, count, paths, flags, _ in
    guard let info else { return }
    let delivery = Unmanaged<FSEventsDelivery>.fromOpaque(info).takeUnretainedValue()
    let names = paths.assumingMemoryBound(to: UnsafePointer<CChar>.self)
    let missed = FSEventStreamEventFlags(kFSEventStreamEventFlagMustScanSubDirs | kFSEventStreamEventFlagUserDropped
        | kFSEventStreamEventFlagKernelDropped | kFSEventStreamEventFlagRootChanged)
    var changes = FileChanges(paths: [])
    for index in 0..<count {
        if flags[index] & missed != 0 { changes.mayHaveMissedChanges = true }
        if let path = delivery.givenPath(for: String(cString: names[index])) { changes.paths.insert(path) }
    }
    if !changes.paths.isEmpty || changes.mayHaveMissedChanges { delivery.onChange(changes) }
}
#endif

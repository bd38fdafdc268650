import Glibc

/// The watcher's thread, and the pipe that stops it.
struct WatcherThread: Sendable {
    let thread: pthread_t
    let stopSignal: WakeupPipe

    static func spawn(_ loop: WatchLoop, stopSignal: WakeupPipe) throws(FileWatcherError) -> WatcherThread {
        let context = Unmanaged.passRetained(loop).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<WatchLoop>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<WatchLoop>.fromOpaque(context).takeRetainedValue().abandon()
            throw .cannotInitialize(reason: "cannot start a thread: \(String(cString: strerror(result)))")
        }
        return WatcherThread(thread: thread, stopSignal: stopSignal)
    }

    /// The loop closes the pipe when it returns, so nothing touches it after the signal.
    func stop() {
        stopSignal.signal()
        if pthread_equal(pthread_self(), thread) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }
}

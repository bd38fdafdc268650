/// A watcher's thread, and the pipe that stops it.
struct WatcherThread: Sendable {
    let thread: BackgroundThread
    let stopSignal: WakeupPipe

    /// Starts `run` (a loop that returns once `stopSignal` is signalled, closing what it owns).
    /// When no thread can be started, the stop pipe is closed and `run` dropped: the caller
    /// closes the rest.
    static func spawn(stopSignal: WakeupPipe, run: sending @escaping () -> Void) throws(FileWatcherError) -> WatcherThread {
        do {
            return WatcherThread(thread: try BackgroundThread.spawn(run), stopSignal: stopSignal)
        } catch {
            stopSignal.close()
            throw .cannotInitialize(reason: "cannot start a thread: \(error.reason)")
        }
    }

    /// The loop closes the pipe when it returns, so nothing touches it after the signal.
    func stop() {
        stopSignal.signal()
        thread.join()
    }
}

/// A thread of its own for a loop that blocks (in `poll(2)`, mostly), started with pthreads so
/// that it can be joined, and never taken from Swift's small cooperative pool.
struct BackgroundThread: Sendable {
    #if canImport(Glibc)
    private let handle: pthread_t
    #elseif canImport(Darwin)
    private let handle: pthread_t
    #endif

    /// Starts `body` on a new thread.
    /// - Throws: the `pthread_create` error text when no thread can be started.
    static func spawn(_ body: sending @escaping () -> Void) throws(ThreadStartFailure) -> BackgroundThread {
        let context = Unmanaged.passRetained(Body(run: body)).toOpaque()
        #if canImport(Glibc)
        var handle = pthread_t()
        let result = pthread_create(&handle, nil, { runBody($0) }, context)
        #elseif canImport(Darwin)
        var created: pthread_t?
        let result = pthread_create(&created, nil, { runBody($0) }, context)
        #endif
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw ThreadStartFailure(reason: String(cString: strerror(result)))
        }
        #if canImport(Glibc)
        return BackgroundThread(handle: handle)
        #elseif canImport(Darwin)
        guard let handle = created else { throw ThreadStartFailure(reason: "pthread_create returned no thread") }
        return BackgroundThread(handle: handle)
        #endif
    }

    /// Waits for the thread to finish; from the thread itself, lets it finish on its own instead.
    func join() {
        if pthread_equal(pthread_self(), handle) != 0 {
            pthread_detach(handle)
        } else {
            pthread_join(handle, nil)
        }
    }
}

/// Why ``BackgroundThread/spawn(_:)`` failed.
struct ThreadStartFailure: Error {
    var reason: String
}

/// The thread's work, handed over to it whole (`sending`): only the new thread touches it.
private final class Body {
    let run: () -> Void

    init(run: @escaping () -> Void) {
        self.run = run
    }
}

private func runBody(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
    return nil
}

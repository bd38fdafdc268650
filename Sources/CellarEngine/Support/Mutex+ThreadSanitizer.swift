import Synchronization

extension Mutex {
    /// `withLock`, with the critical section announced to ``ThreadSanitizer`` so that a
    /// `--sanitize=thread` run reports real races only. Same semantics otherwise. (`package`: the
    /// CLI's mutexes use it too.)
    package borrowing func withAnnotatedLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let address = withUnsafePointer(to: self) { UnsafeRawPointer($0) }
        return try withLock { (value: inout sending Value) throws(E) -> sending Result in
            ThreadSanitizer.acquire?(address)
            defer { ThreadSanitizer.release?(address) }
            return try body(&value)
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

// ThreadSanitizer cannot see `Mutex` on Linux: the lock is a futex inside the (uninstrumented)
// standard library, so under `swift test --sanitize=thread` every access a `Mutex` guards is reported
// as a race (`scripts/tsan-mutex-repro.swift` shows it in thirty lines). Every lock in Cellar — the
// engine's, the server's, the Mustache library's and the CLI's — goes through `withAnnotatedLock`.
// This module has nothing of Cellar in it, so CellarMustache stays a library of its own.

extension Mutex {
    /// `withLock`, with the critical section announced to ThreadSanitizer so that a
    /// `--sanitize=thread` run reports real races only. Same semantics otherwise; outside
    /// ThreadSanitizer it costs two `nil` checks. (`@inlinable`: specialised where it is called, as
    /// `withLock` itself is.)
    @inlinable
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

/// Happens-before annotations, looked up at run time: `nil` unless the process runs under ThreadSanitizer.
@usableFromInline
enum ThreadSanitizer {
    @usableFromInline
    typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

    /// `__tsan_acquire`: what was released at the address happens before what follows.
    @usableFromInline
    static let acquire: Annotation? = lookup("__tsan_acquire")
    /// `__tsan_release`: what came before happens before a later acquire at the address.
    @usableFromInline
    static let release: Annotation? = lookup("__tsan_release")

    private static func lookup(_ name: String) -> Annotation? {
        #if canImport(Glibc)
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: Annotation.self)
        #else
        return nil
        #endif
    }
}

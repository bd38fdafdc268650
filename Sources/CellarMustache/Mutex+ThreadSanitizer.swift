#if canImport(Glibc)
import Glibc
#endif
import Synchronization

// A copy of CellarEngine's (and CellarServer's) ThreadSanitizer annotations: CellarMustache is a
// library of its own and imports no other Cellar module.

extension Mutex {
    /// `withLock`, with the critical section announced to ThreadSanitizer, which cannot see `Mutex`
    /// on Linux (a futex inside the uninstrumented standard library) and would report every access
    /// the lock guards as a race. Same semantics otherwise; costs a `nil` check outside TSan.
    borrowing func withAnnotatedLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let address = withUnsafePointer(to: self) { UnsafeRawPointer($0) }
        return try withLock { (value: inout sending Value) throws(E) -> sending Result in
            MustacheThreadSanitizer.acquire?(address)
            defer { MustacheThreadSanitizer.release?(address) }
            return try body(&value)
        }
    }
}

/// `__tsan_acquire` and `__tsan_release`, looked up at run time: `nil` unless running under TSan.
enum MustacheThreadSanitizer {
    typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

    static let acquire: Annotation? = lookup("__tsan_acquire")
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

#if canImport(Glibc)
import Glibc
#endif

/// Happens-before annotations for ThreadSanitizer, which cannot see `Mutex` on Linux: the lock is a
/// futex inside the (uninstrumented) standard library, so under `swift test --sanitize=thread` every
/// access guarded by a `Mutex` is reported as a race (`scripts/tsan-mutex-repro.swift` shows it in
/// thirty lines). The hooks are looked up at run time and are `nil` (no cost but a check) unless the
/// process runs under ThreadSanitizer. CellarServer and CellarMustache keep their own copies: the
/// server depends on no other Cellar module, and CellarMustache is a library of its own.
enum ThreadSanitizer {
    typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

    /// `__tsan_acquire`: what was released at the address happens before what follows.
    static let acquire: Annotation? = lookup("__tsan_acquire")
    /// `__tsan_release`: what came before happens before a later acquire at the address.
    static let release: Annotation? = lookup("__tsan_release")

    private static func lookup(_ name: String) -> Annotation? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: Annotation.self)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many times longer a test may take in this process than in a plain debug build: 20 when a
/// sanitizer's runtime is loaded (ThreadSanitizer and AddressSanitizer make every memory access
/// slow, and CI runs the whole suite under ThreadSanitizer on a busy machine), else 1.
///
/// A `.timeLimit` guards against a hang or a quadratic path. Multiplied by this, it still catches
/// those, and no longer fails a test that is merely slowed down by instrumentation: a linear-time
/// Mustache test took 16 minutes under ThreadSanitizer with the suite running beside it.
public let sanitizerSlowdown: Int = {
    #if canImport(Darwin)
    let everyLoadedImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
    let everyLoadedImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    let runtimes = ["__tsan_init", "__asan_init"]
    return runtimes.contains { dlsym(everyLoadedImage, $0) != nil } ? 20 : 1
}()

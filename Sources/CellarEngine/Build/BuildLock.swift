import CellarDiagnostics
#if canImport(Glibc)
import CellarFiles
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One build of a site at a time: an exclusive `flock` on `build.lock` in the site's cache folder,
/// held from before the build reads its cache or looks at the output until it is done. The kernel
/// releases it when the process ends, however it ends, so a killed build never leaves it held.
final class BuildLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    static func file(in cache: String) -> String { Paths.join(cache, "build.lock") }

    /// Takes the lock, waiting (after telling `reporter`) while another build holds it — or, when
    /// `wait` is false, failing at once.
    static func acquire(cache: String, display: String, wait: Bool, reporter: any BuildReporter) async throws(Diagnostic) -> BuildLock {
        let path = file(in: cache)
        do throws(FileIOError) { try FileIO.makeDirectories(cache) } catch { throw error.diagnostic }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileIOError(path: path, operation: "open the lock file", code: errno).diagnostic }
        let lock = BuildLock(descriptor: descriptor)
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return lock }
        guard errno == EWOULDBLOCK else {
            throw FileIOError(path: path, operation: "lock", code: errno).diagnostic
        }
        guard wait else {
            throw .error("another build of this site is running (it holds \(display)build.lock)",
                         hint: "wait for it to finish, or leave out --no-wait to wait for it")
        }
        reporter.waitingForOtherBuild()
        // Polled rather than blocking: a blocked thread would be one of the few the build runs on.
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw FileIOError(path: path, operation: "lock", code: errno).diagnostic
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return lock
    }
}

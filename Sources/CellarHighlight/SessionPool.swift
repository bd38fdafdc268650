import AnnotatedLocking
import Synchronization

/// Shim sessions for the threads that highlight at once: a caller takes an idle session (or a new
/// one), uses it alone, and gives it back. The pool grows to the number of concurrent callers.
final class SessionPool: Sendable {
    private let idle = Mutex<[HighlightSession]>([])

    /// Runs `body` with a session no other thread is using; `nil` if no session could be made.
    func withSession<Result>(_ body: (HighlightSession) -> Result) -> Result? {
        let reused: HighlightSession? = idle.withAnnotatedLock { $0.popLast() }
        guard let session = reused ?? HighlightSession() else { return nil }
        let result = body(session)
        idle.withAnnotatedLock { $0.append(session) }
        return result
    }
}

// Minimal reproduction: ThreadSanitizer on Linux cannot see `Synchronization.Mutex`.
//
//   swiftc -sanitize=thread -g scripts/tsan-mutex-repro.swift -o /tmp/repro
//   /tmp/repro               → "WARNING: ThreadSanitizer: Swift access race" inside withLock; count: 40000
//   ANNOTATE=1 /tmp/repro    → no report; count: 40000
//
// Two threads append to an array that is only ever touched inside `withLock`. The count is always
// 40000, so the lock works and the program is race-free; yet TSan reports a race, because the Mutex
// is a futex inside the uninstrumented standard library and TSan sees no happens-before edge.
// Announcing the critical section with __tsan_acquire/__tsan_release (what `withAnnotatedLock` of
// Sources/AnnotatedLocking does) removes the report. Verified on Swift 6.3.1.
import Foundation
import Synchronization

typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void
func lookup(_ name: String) -> Annotation? {
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: Annotation.self) }
}
let acquire = lookup("__tsan_acquire"), release = lookup("__tsan_release")
let annotate = ProcessInfo.processInfo.environment["ANNOTATE"] == "1"

final class Counter: Sendable {
    let state = Mutex([Int]())
    func add(_ value: Int) {
        let address = withUnsafePointer(to: state) { UnsafeRawPointer($0) }
        state.withLock { array in
            if annotate { acquire?(address) }
            array.append(value)            // a heap write: the array buffer is shared between threads
            if annotate { release?(address) }
        }
    }
}

let counter = Counter()
let finished = DispatchSemaphore(value: 0)
for index in 0..<2 {
    let thread = Thread {
        for value in 0..<20_000 { counter.add(index * 20_000 + value) }
        finished.signal()
    }
    thread.start()
}
finished.wait()
finished.wait()
print("count:", counter.state.withLock { $0.count })

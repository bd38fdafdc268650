import AnnotatedLocking
import Foundation
import Synchronization

/// The cores this process may use.
package enum ProcessInfoCores {
    package static let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
}

/// Maps `input` across all cores from synchronous code (file-system walks that block in the
/// kernel, not in Swift concurrency's cooperative pool): results in input order.
package func concurrentMap<T: Sendable, R: Sendable>(_ input: [T], chunk: Int = 256, _ transform: @Sendable (T) -> R) -> [R] {
    guard input.count > chunk, ProcessInfoCores.count > 1 else { return input.map(transform) }
    let chunks = (input.count + chunk - 1) / chunk
    let parts = Mutex([[R]](repeating: [], count: chunks))
    DispatchQueue.concurrentPerform(iterations: chunks) { index in
        let part = input[index * chunk..<min(input.count, (index + 1) * chunk)].map(transform)
        parts.withAnnotatedLock { $0[index] = part }
    }
    return parts.withAnnotatedLock { $0.flatMap { $0 } }
}

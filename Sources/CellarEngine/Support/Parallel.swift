import AnnotatedLocking
import CellarFiles
import Foundation
import Synchronization

/// Maps a collection across all cores in order-preserving chunks; the compiler checks the sharing.
///
/// Errors are typed: a transform that cannot throw makes a call that cannot throw, and one that can
/// throws the error of the earliest element that failed — never a silently shorter result.
/// - Parameter progress: called (on the calling task) with the number of elements done so far.
func parallelMap<T: Sendable, R: Sendable, E: Error>(
    _ input: [T], minimumChunk: Int = 16, progress: ((Int) -> Void)? = nil,
    _ transform: @escaping @Sendable (T) throws(E) -> R
) async throws(E) -> [R] {
    let workers = ProcessInfoCores.count
    if input.count <= minimumChunk || workers == 1 {
        return try input.map(transform)
    }
    // Many more chunks than cores: items differ in cost (and a path-sorted input puts a section's
    // long posts together), so few big chunks left one core idle while the other ran the last one.
    let chunkSize = max(minimumChunk, (input.count + workers * 32 - 1) / (workers * 32))
    let chunks = stride(from: 0, to: input.count, by: chunkSize).map { $0..<min($0 + chunkSize, input.count) }
    let parts = await withTaskGroup(of: (Int, Result<[R], E>).self) { group in
        for (index, range) in chunks.enumerated() {
            // Each task reads its range of the one input. (Each chunk was copied first, one after
            // another on this task, every reference in every element counted up before its task
            // could start; no difference this machine's noise let show, at 100,000 pages.)
            group.addTask {
                var part: [R] = []
                part.reserveCapacity(range.count)
                do throws(E) {
                    for element in input[range] { part.append(try transform(element)) }
                    return (index, .success(part))
                } catch {
                    return (index, .failure(error))
                }
            }
        }
        var parts = [Result<[R], E>](repeating: .success([]), count: chunks.count)
        var done = 0
        for await (index, part) in group {
            parts[index] = part
            if case .success(let results) = part { done += results.count }
            progress?(done)
        }
        return parts
    }
    var results: [R] = []
    results.reserveCapacity(input.count)
    for part in parts { results += try part.get() }
    return results
}

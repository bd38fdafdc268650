#if canImport(Glibc)
import Glibc
#endif

/// Maps a collection across all cores in order-preserving chunks; the compiler checks the sharing.
/// - Parameter progress: called (on the calling task) with the number of elements done so far.
func parallelMap<T: Sendable, R: Sendable>(
    _ input: [T], minimumChunk: Int = 16, progress: ((Int) -> Void)? = nil,
    _ transform: @escaping @Sendable (T) throws -> R
) async throws -> [R] {
    let workers = ProcessInfoCores.count
    if input.count <= minimumChunk || workers == 1 {
        return try input.map(transform)
    }
    let chunkSize = max(minimumChunk, (input.count + workers * 4 - 1) / (workers * 4))
    let chunks = stride(from: 0, to: input.count, by: chunkSize).map { $0..<min($0 + chunkSize, input.count) }
    return try await withThrowingTaskGroup(of: (Int, [R]).self) { group in
        for (index, range) in chunks.enumerated() {
            let slice = Array(input[range])
            group.addTask { (index, try slice.map(transform)) }
        }
        var parts = [[R]](repeating: [], count: chunks.count)
        var done = 0
        for try await (index, part) in group {
            parts[index] = part
            done += part.count
            progress?(done)
        }
        return parts.flatMap { $0 }
    }
}

enum ProcessInfoCores {
    static let count: Int = {
        #if canImport(Glibc)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 4
        #endif
    }()
}


import Foundation

/// What this machine charges for the first touch of memory: fresh memory (mapped, every page
/// written once, unmapped) and then the same amount again at once, in the memory just given back.
///
/// On a virtual machine whose host takes back the memory its guest frees (free page reporting), a
/// page the guest has not used lately costs the host a fault when first touched; memory freed a
/// moment ago has not been taken back yet. A build that needs more new memory than was freed just
/// before it — a big site's output in the page cache, its heap — pays the first price for the rest,
/// a small one does not, and a stage's growth from small to big then shows the machine as much as
/// the build.
enum MemoryProbe {
    struct Result {
        var mebibytes: Int
        /// Microseconds a 4 KiB page, the first time.
        var fresh: Double
        /// Microseconds a 4 KiB page, right after the same amount was freed.
        var again: Double
    }

    static func run(mebibytes: Int = 1024) -> Result? {
        guard let fresh = touch(mebibytes), let again = touch(mebibytes) else { return nil }
        return Result(mebibytes: mebibytes, fresh: fresh, again: again)
    }

    /// Maps `mebibytes` of anonymous memory, writes a byte in every page, unmaps it: µs a page.
    private static func touch(_ mebibytes: Int) -> Double? {
        let size = mebibytes << 20
        let started = ProcessTimer.monotonicSeconds()
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              memory != MAP_FAILED else { return nil }
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        for offset in stride(from: 0, to: size, by: 4096) { bytes[offset] = 1 }
        let seconds = ProcessTimer.monotonicSeconds() - started
        munmap(memory, size)
        return seconds / Double(size / 4096) * 1e6
    }
}

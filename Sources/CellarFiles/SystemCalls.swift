#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls whose Swift spelling differs between Glibc and Darwin — or that `FileIO`'s own
/// methods of the same name would hide — so that the rest of the module reads the same on Linux and
/// macOS. (The Darwin side has never been compiled here: see the README's macOS section.)
package enum SystemCalls {
    package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #elseif canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #endif
    }

    package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #elseif canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #endif
    }

    package static func rename(_ from: String, _ to: String) -> Int32 {
        #if canImport(Glibc)
        Glibc.rename(from, to)
        #elseif canImport(Darwin)
        Darwin.rename(from, to)
        #endif
    }

    @discardableResult
    package static func unlink(_ path: String) -> Int32 {
        #if canImport(Glibc)
        Glibc.unlink(path)
        #elseif canImport(Darwin)
        Darwin.unlink(path)
        #endif
    }

    package static func link(_ from: String, _ to: String) -> Int32 {
        #if canImport(Glibc)
        Glibc.linkat(AT_FDCWD, from, AT_FDCWD, to, 0)
        #elseif canImport(Darwin)
        Darwin.linkat(AT_FDCWD, from, AT_FDCWD, to, 0)
        #endif
    }

    /// A file's modification time, in nanoseconds since 1970.
    package static func modified(_ info: stat) -> Int64 {
        #if canImport(Glibc)
        nanoseconds(info.st_mtim)
        #elseif canImport(Darwin)
        nanoseconds(info.st_mtimespec)
        #endif
    }

    /// A file's status change time, in nanoseconds since 1970.
    package static func changed(_ info: stat) -> Int64 {
        #if canImport(Glibc)
        nanoseconds(info.st_ctim)
        #elseif canImport(Darwin)
        nanoseconds(info.st_ctimespec)
        #endif
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// `getrusage(RUSAGE_SELF)`.
    package static func selfUsage() -> rusage {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #elseif canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }

    /// Renames `from` to `to` atomically: swapping the two (`exchange`), or failing with EEXIST
    /// rather than replacing anything at `to`. Linux's `renameat2(2)`, Darwin's `renamex_np(2)`.
    /// - Returns: 0, or -1 with `errno` set (ENOSYS when the C library lacks the call).
    package static func rename(_ from: String, _ to: String, exchange: Bool) -> Int32 {
        #if canImport(Glibc)
        guard let renameAt2 = renameAt2Function else {
            errno = ENOSYS
            return -1
        }
        return renameAt2(AT_FDCWD, from, AT_FDCWD, to, exchange ? 2 : 1)   // RENAME_EXCHANGE : RENAME_NOREPLACE
        #elseif canImport(Darwin)
        return renamex_np(from, to, exchange ? UInt32(RENAME_SWAP) : UInt32(RENAME_EXCL))
        #endif
    }

    /// Tunes glibc's allocator for a command-line build. A build allocates hundreds of megabytes in
    /// small pieces on every core; glibc grows each thread's heap a little at a time and hands memory
    /// back as soon as the top of a heap is free, so a large site paid for tens of thousands of
    /// mprotect calls and page faults over again. Growing by 64 MiB and keeping up to 256 MiB free
    /// made a 100,000-item build about 5 % faster. For the process's owner to call (the `cellar`
    /// command), never a library: it changes the whole process.
    package static func tuneAllocatorForLargeBuilds() {
        #if canImport(Glibc)
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        // mallopt(3) is in <malloc.h>, which the Glibc module does not bring in.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        _ = mallopt(-2, 64 << 20)    // M_TOP_PAD
        _ = mallopt(-1, 256 << 20)   // M_TRIM_THRESHOLD
        #endif
    }

    #if canImport(Glibc)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32

    /// `renameat2(2)`: Glibc declares it only for C with `_GNU_SOURCE`, so it is looked up once by name.
    private static let renameAt2Function: RenameAt2? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
    #endif
}

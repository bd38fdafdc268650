// The C library of the platform, for every file of the module: the one place that chooses
// between Glibc and Darwin (it is re-exported, as `import Foundation` re-exports it too).
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

/// The few system calls whose Swift spelling differs between Glibc and Darwin, so that the rest
/// of the module reads the same on Linux and macOS.
package enum Platform {
    /// Closes a descriptor (`close(2)`), where a member named `close` would hide the C function.
    static func close(_ fd: Int32) {
        #if canImport(Glibc)
        _ = Glibc.close(fd)
        #elseif canImport(Darwin)
        _ = Darwin.close(fd)
        #endif
    }

    /// Opens a file (`open(2)`) with `flags`, never creating it.
    static func open(_ path: String, _ flags: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags)
        #elseif canImport(Darwin)
        Darwin.open(path, flags)
        #endif
    }

    /// A TCP socket for IPv4 that is closed on `exec`.
    static func streamSocket() -> Int32 {
        #if canImport(Glibc)
        return socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #elseif canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return fd
        #endif
    }

    /// Sends what fits of `bytes` on a socket now, without waiting and without `SIGPIPE` when the
    /// peer is gone (a best effort: for a last word before the socket is shut down).
    static func sendNow(_ fd: Int32, _ bytes: [UInt8]) {
        #if canImport(Glibc)
        let flags = Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)
        #else
        let flags = MSG_DONTWAIT   // Darwin: libmicrohttpd sets SO_NOSIGPIPE on its sockets
        #endif
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
    }

    /// The `poll(2)` events that say the peer closed its end of a socket: `POLLRDHUP` on Linux
    /// (which Glibc's module does not export), `POLLHUP` alone on Darwin.
    static let peerClosedEvents: Int16 = {
        #if os(Linux)
        return 0x2000 | Int16(POLLHUP)
        #else
        return Int16(POLLHUP)
        #endif
    }()

    /// How many descriptors the process may have open (its soft limit).
    static func descriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(openFiles, &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)  // RLIM_INFINITY clamps to Int.max
    }

    /// Raises the soft limit on open files toward `wanted`, never past the hard one; returns the
    /// limit now. `cellar serve` asks for 10,240 (macOS refuses more) so that the server keeps its
    /// full number of connections where the soft limit is the usual 1,024.
    @discardableResult
    package static func raiseDescriptorLimit(to wanted: Int = 10_240) -> Int {
        var limit = rlimit()
        guard getrlimit(openFiles, &limit) == 0 else { return 0 }
        let target = min(rlim_t(wanted), limit.rlim_max)
        if limit.rlim_cur < target {
            limit.rlim_cur = target
            _ = setrlimit(openFiles, &limit)
            _ = getrlimit(openFiles, &limit)
        }
        return Int(clamping: limit.rlim_cur)
    }

    #if canImport(Glibc)
    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let openFiles = RLIMIT_NOFILE
    #endif

    /// The last modification time of the file `info` describes.
    static func modificationTime(_ info: stat) -> timespec {
        #if canImport(Glibc)
        info.st_mtim
        #elseif canImport(Darwin)
        info.st_mtimespec
        #endif
    }

    /// The last status change time of the file `info` describes.
    static func changeTime(_ info: stat) -> timespec {
        #if canImport(Glibc)
        info.st_ctim
        #elseif canImport(Darwin)
        info.st_ctimespec
        #endif
    }

    /// The current wall-clock time, as file times are stamped.
    static func wallClock() -> timespec {
        var now = timespec()
        _ = clock_gettime(CLOCK_REALTIME, &now)
        return now
    }

    /// The text of `errno`'s current value.
    static var errorText: String {
        String(cString: strerror(errno))
    }
}

extension timespec {
    /// The time in nanoseconds since the epoch.
    var nanoseconds: Int64 {
        Int64(tv_sec) &* 1_000_000_000 &+ Int64(tv_nsec)
    }
}

extension Duration {
    /// The duration as a `poll` timeout: whole milliseconds, rounded up so a wait never ends early.
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}

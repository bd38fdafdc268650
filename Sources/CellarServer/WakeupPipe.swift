/// A non-blocking pipe used to wake a thread blocked in `poll(2)`.
///
/// `signal()` makes the read end readable until `drain()` empties it; a pipe that is
/// signalled and never drained stays readable, which is how a stop request reaches every
/// waiter at once.
struct WakeupPipe: Sendable {
    /// The end to poll for `POLLIN`.
    let readFD: Int32
    /// The end written by `signal()`.
    let writeFD: Int32

    /// Opens a pipe, or returns `nil` when the process is out of descriptors.
    init?() {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    /// Makes the read end readable; never blocks (a full pipe is already signalled).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe whose (non-blocking) read end is `readFD`.
    static func drain(_ readFD: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readFD, &buffer, buffer.count) > 0 {}
    }

    /// Closes both ends.
    func close() {
        Platform.close(readFD)
        Platform.close(writeFD)
    }
}

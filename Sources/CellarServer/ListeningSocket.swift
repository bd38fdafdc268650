/// A bound, listening TCP socket, opened by hand so that each failure maps to a precise
/// ``ServerError``; libmicrohttpd then takes it over (`MHD_OPTION_LISTEN_SOCKET`) and closes it
/// when the daemon stops.
struct ListeningSocket: Sendable {
    /// The socket descriptor.
    let fd: Int32
    /// The port actually bound (the chosen one when asked for port 0).
    let port: UInt16

    /// How many connections the kernel may hold before they are accepted. A burst of a
    /// thousand page requests must not have its SYNs dropped (they would wait a second or more
    /// to be sent again); Linux lowers it to `net.core.somaxconn` (4,096 by default).
    static let backlog: Int32 = 4096

    /// Binds `host:port` and listens.
    static func open(host: String, port: UInt16) throws(ServerError) -> ListeningSocket {
        guard let address = ListenAddress(host: host) else { throw .invalidHost(host) }
        let fd = Platform.streamSocket()
        guard fd >= 0 else { throw .startFailed(reason: "socket() failed: \(Platform.errorText)") }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

        var socketAddress = address.socketAddress(port: port)
        let bound = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            Platform.close(fd)
            throw bindError(code, host: host, port: port)
        }
        guard listen(fd, backlog) == 0 else {
            let text = Platform.errorText
            Platform.close(fd)
            throw .startFailed(reason: "listen() failed: \(text)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return ListeningSocket(fd: fd, port: boundPort(of: fd) ?? port)
    }
}

private extension ListeningSocket {
    static func bindError(_ code: Int32, host: String, port: UInt16) -> ServerError {
        switch code {
        case EADDRINUSE: .portInUse(host: host, port: port)
        case EACCES, EPERM: .permissionDenied(host: host, port: port)
        case EADDRNOTAVAIL: .addressUnavailable(host: host)
        default: .startFailed(reason: "bind() failed: \(String(cString: strerror(code)))")
        }
    }

    static func boundPort(of fd: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return result == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }

}

import Foundation

/// A blocking TCP connection to 127.0.0.1, for sending raw request bytes that URL clients
/// would normalise (`/../`, `%2e%2e`, backslashes).
public final class TCPConnection: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    private let fd: Int32

    /// Connects to `port` on 127.0.0.1; reads time out after `timeout` seconds.
    public init(port: UInt16, timeout: Int = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            // No close here: `deinit` runs when an initialised instance throws, and closing
            // twice would close a descriptor some other test has opened meanwhile.
            throw Failure(description: "connect to port \(port): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            offset += written
        }
    }

    /// Reads what is available (blocking until something arrives); empty at end of stream.
    public func receive() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = recv(fd, &buffer, buffer.count, 0)
        guard count >= 0 else { throw Failure(description: "recv: \(String(cString: strerror(errno)))") }
        return Array(buffer[..<count])
    }

    /// Reads until the server closes the connection.
    public func receiveAll() throws -> [UInt8] {
        var result: [UInt8] = []
        while case let chunk = try receive(), !chunk.isEmpty {
            result += chunk
        }
        return result
    }
}

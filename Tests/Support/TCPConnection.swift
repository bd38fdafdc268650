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
    /// - Parameter source: the loopback address to connect from (any of 127.0.0.0/8), so that a
    ///   test can play several clients; the system picks by default.
    public init(port: UInt16, timeout: Int = 10, from source: String? = nil) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw Failure(description: "bind to \(source): \(String(cString: strerror(errno)))") }
        }
        var address = Self.address("127.0.0.1", port: port)
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
            let written = bytes[offset...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, Self.noSignal) }
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

    /// Whether the server has closed the connection (without waiting): the next read would
    /// find the end of the stream or a reset.
    public var isClosedByPeer: Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) <= 0
    }

    private static let noSignal: Int32 = {
        #if canImport(Glibc)
        Int32(MSG_NOSIGNAL)
        #else
        0
        #endif
    }()

    private static func address(_ text: String, port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr(text))
        return address
    }
}

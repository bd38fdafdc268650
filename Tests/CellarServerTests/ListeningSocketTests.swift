import Foundation
import Testing
@testable import CellarServer

/// The listening socket's queue: connections the kernel completes before the server accepts them.
@Suite struct ListeningSocketTests {
    @Test func aBurstOfConnectionsIsQueuedNotDropped() throws {
        DescriptorLimit.raise(to: 4096)
        let socket = try ListeningSocket.open(host: "127.0.0.1", port: 0)   // never accepted from
        defer { close(socket.fd) }
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let clients = (0..<600).map { _ in Foundation.socket(AF_INET, stream, 0) }
        defer { clients.forEach { close($0) } }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = socket.port.bigEndian
        address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
        for client in clients {
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        // A connection whose SYN was dropped stays pending for a second or more; a queued one
        // is writable at once.
        var pending = clients.map { pollfd(fd: $0, events: Int16(POLLOUT), revents: 0) }
        let deadline = ContinuousClock.now + .milliseconds(800)
        var established = Set<Int32>()
        while established.count < clients.count && ContinuousClock.now < deadline {
            _ = poll(&pending, nfds_t(pending.count), 50)
            for entry in pending where entry.revents & Int16(POLLOUT) != 0 { established.insert(entry.fd) }
        }
        #expect(established.count == clients.count, "\(established.count) of \(clients.count) connected")
    }
}

import AnnotatedLocking
import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Enforces ``ConnectionLimits`` on a running daemon: libmicrohttpd reports each connection's
/// life here (opened, request head arrived, response sent, closed), the ``ConnectionLedger``
/// decides, and this closes what it chose by shutting the socket down — libmicrohttpd's own
/// thread for that connection then sees the end of the stream and cleans up as usual.
///
/// A watchdog thread closes connections whose request head is late. Sockets are shut down
/// under the ledger's lock, and libmicrohttpd reports a connection closed before it closes its
/// socket, so a descriptor number reused by a newer connection is never shut down by mistake.
final class ConnectionGuard: Sendable {
    let limits: ConnectionLimits
    private let ledger: Mutex<ConnectionLedger>
    private let watchdog = Mutex<(thread: BackgroundThread, stop: WakeupPipe)?>(nil)

    init(limits: ConnectionLimits) {
        self.limits = limits
        ledger = Mutex(ConnectionLedger(limits: limits))
    }

    /// Starts the watchdog.
    func start() throws(ServerError) {
        guard let stop = WakeupPipe() else {
            throw .startFailed(reason: "cannot create a pipe: \(Platform.errorText)")
        }
        let tick = Self.tick(for: limits.requestHeadTimeout)
        do {
            let thread = try BackgroundThread.spawn { [self] in watch(stopFD: stop.readFD, tick: tick) }
            watchdog.withAnnotatedLock { $0 = (thread, stop) }
        } catch {
            stop.close()
            throw .startFailed(reason: "cannot start a thread: \(error.reason)")
        }
    }

    /// Stops the watchdog; call once the daemon has stopped.
    func stop() {
        guard let running = watchdog.withAnnotatedLock({ state in
            defer { state = nil }
            return state
        }) else { return }
        running.stop.signal()
        running.thread.join()
        running.stop.close()
    }

    /// How many connections were accepted so far, and how many are open and not being closed.
    var counts: (accepted: UInt64, open: Int) {
        ledger.withAnnotatedLock { ($0.acceptedCount, $0.openCount) }
    }

    func opened(_ connection: OpaquePointer) {
        let socket = cellar_mhd_connection_fd(connection)
        let client = Self.address(of: cellar_mhd_client_address(connection))
        ledger.withAnnotatedLock { ledger in
            Self.shutDown(ledger.open(Self.id(connection), client: client, socket: socket, at: .now))
        }
    }

    func requestArrived(_ connection: OpaquePointer) {
        ledger.withAnnotatedLock { $0.requestArrived(Self.id(connection), at: .now) }
    }

    func streamStarted(_ connection: OpaquePointer) {
        ledger.withAnnotatedLock { $0.streamStarted(Self.id(connection), at: .now) }
    }

    func requestCompleted(_ connection: OpaquePointer) {
        ledger.withAnnotatedLock { $0.requestCompleted(Self.id(connection), at: .now) }
    }

    func closed(_ connection: OpaquePointer) {
        ledger.withAnnotatedLock { $0.closed(Self.id(connection)) }
    }
}

private extension ConnectionGuard {
    /// How often the watchdog looks for late connections: a quarter of the timeout, from 50 ms to 1 s.
    static func tick(for timeout: Duration) -> Duration {
        min(max(timeout / 4, .milliseconds(50)), .seconds(1))
    }

    func watch(stopFD: Int32, tick: Duration) {
        var fds = [pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, nfds_t(fds.count), tick.pollMilliseconds)
            if ready > 0 { return }
            ledger.withAnnotatedLock { Self.shutDown($0.expire(at: .now)) }
        }
    }

    static func id(_ connection: OpaquePointer) -> ConnectionLedger.ID {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    static func shutDown(_ sockets: [Int32]) {
        for socket in sockets where socket >= 0 {
            _ = shutdown(socket, Int32(SHUT_RDWR))
        }
    }

    /// The address bytes of an IPv4 or IPv6 client (no port), which identify the client.
    static func address(of socketAddress: UnsafePointer<sockaddr>?) -> [UInt8] {
        guard let socketAddress else { return [] }
        switch Int32(socketAddress.pointee.sa_family) {
        case AF_INET:
            return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                withUnsafeBytes(of: address.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            return socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                withUnsafeBytes(of: address.pointee.sin6_addr) { Array($0) }
            }
        default:
            return []
        }
    }
}

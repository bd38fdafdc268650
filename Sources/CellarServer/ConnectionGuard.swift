import AnnotatedLocking
internal import CMicroHTTPD
import Synchronization

/// Enforces ``ConnectionLimits`` on a running daemon: libmicrohttpd reports each connection
/// opening and closing here, and each connection's thread records what it is doing in its
/// ``ConnectionActivity`` (request head arrived, response sent) without any shared lock, and asks
/// here whether to answer each request; the ``ConnectionLedger`` decides, and this closes what it
/// chose by shutting the socket down — libmicrohttpd's own thread for that connection then sees
/// the end of the stream and cleans up. A connection turned away (closed to make room, or one
/// over ``ConnectionLimits/maxConnections``) is first told so with a 503
/// (``ServiceUnavailable/tooManyConnections``): a request it was sending gets that answer.
///
/// A watchdog thread closes connections whose request head is late, and keeps the reserve free.
/// Sockets are shut down under the ledger's lock, and libmicrohttpd reports a connection closed
/// before it closes its socket, so a descriptor number reused by a newer connection is never
/// shut down by mistake.
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
        let tick = Self.tick(for: min(limits.requestHeadTimeout, limits.idleBeforeEviction))
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
        guard let running = watchdog.withAnnotatedLock({ $0.take() }) else { return }
        running.stop.signal()
        running.thread.join()
        running.stop.close()
    }

    /// How many connections were accepted so far, and how many are open and not being closed.
    var counts: (accepted: UInt64, open: Int) {
        ledger.withAnnotatedLock { ($0.acceptedCount, $0.openCount) }
    }

    /// A connection opened: registers it and returns its activity, which libmicrohttpd keeps
    /// as the connection's socket context (retained) until ``closed(_:)``.
    func opened(_ connection: OpaquePointer) -> ConnectionActivity {
        let socket = cellar_mhd_connection_fd(connection)
        let client = Self.address(of: cellar_mhd_client_address(connection))
        return ledger.withAnnotatedLock { ledger in
            let (activity, turnedAway) = ledger.open(Self.id(connection), client: client, socket: socket, at: .now)
            Self.shutDown(ConnectionLedger.Closings(turnedAway: turnedAway))
            return activity
        }
    }

    func closed(_ connection: OpaquePointer) {
        ledger.withAnnotatedLock { $0.closed(Self.id(connection)) }
    }

    /// Whether to answer the request whose head has arrived on `connection` (see
    /// ``ConnectionLedger/admit(_:)``); a served request counts until ``finished(_:)``. Called on
    /// the connection's thread; takes no lock.
    func admit(_ connection: OpaquePointer) -> ConnectionLedger.Admission {
        ConnectionLedger.admit(Self.activity(of: connection), limits: limits)
    }

    /// The request on `connection` is over. Called on the connection's thread; takes no lock.
    func finished(_ connection: OpaquePointer) {
        Self.activity(of: connection)?.finish()
    }

    /// The activity of a connection, from its socket context: updated by the connection's
    /// thread on every request, without the ledger's lock.
    static func activity(of connection: OpaquePointer) -> ConnectionActivity? {
        cellar_mhd_socket_context(connection).map { Unmanaged<ConnectionActivity>.fromOpaque($0).takeUnretainedValue() }
    }
}

private extension ConnectionGuard {
    /// How often the watchdog looks for late connections and keeps the reserve free: a quarter
    /// of the shorter of the timeout and the eviction delay, from 50 ms to 250 ms.
    static func tick(for timeout: Duration) -> Duration {
        min(max(timeout / 4, .milliseconds(50)), .milliseconds(250))
    }

    func watch(stopFD: Int32, tick: Duration) {
        var fds = [pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0)]
        while true {
            let ready = poll(&fds, nfds_t(fds.count), tick.pollMilliseconds)
            if ready > 0 { return }
            ledger.withAnnotatedLock { ledger in Self.shutDown(ledger.expire(at: .now)) }
        }
    }

    static func id(_ connection: OpaquePointer) -> ConnectionLedger.ID {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    /// Shuts the chosen sockets down; those turned away are told so first.
    static func shutDown(_ closings: ConnectionLedger.Closings) {
        let notice = ServiceUnavailable.tooManyConnections.wireBytes
        for socket in closings.turnedAway where socket >= 0 {
            Platform.sendNow(socket, notice)
        }
        for socket in closings.expired + closings.turnedAway where socket >= 0 {
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

/// One `/__cellar/events` response being streamed, driven by libmicrohttpd's content-reader
/// callback on the connection's own thread.
///
/// `read(into:max:)` blocks in `poll(2)` until the hub queues an event (no polling loop, so
/// an event goes out as soon as it is sent), the server stops, the client hangs up, or the
/// heartbeat interval passes (then a `: ping` comment goes out).
final class EventStreamSession: Sendable {
    /// The content reader's "done" and "abort" results (`MHD_CONTENT_READER_END_*`).
    static let endOfStream = -1
    static let endWithError = -2

    private let hub: LiveReloadHub
    private let connection: LiveReloadHub.Connection
    private let stopFD: Int32
    private let socketFD: Int32

    init(hub: LiveReloadHub, connection: LiveReloadHub.Connection, stopFD: Int32, socketFD: Int32) {
        self.hub = hub
        self.connection = connection
        self.stopFD = stopFD
        self.socketFD = socketFD
    }

    /// Fills `buffer` with up to `max` bytes of the stream, or returns an end marker.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        while true {
            switch hub.takePending(connection, maxBytes: max) {
            case .bytes(let bytes):
                bytes.withUnsafeBytes { source in
                    guard let base = source.baseAddress else { return }
                    UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: source.count)
                }
                return bytes.count
            case .closed:
                return Self.endOfStream
            case .waiting:
                break
            }
            switch waitForWakeup() {
            case .wakeup: continue
            case .heartbeat: hub.enqueueHeartbeat(connection)
            case .stop: return Self.endOfStream
            case .hangup: return Self.endWithError
            }
        }
    }

    /// Unregisters the connection; libmicrohttpd calls this once, when the response is freed.
    func finish() {
        hub.disconnect(connection)
    }
}

private extension EventStreamSession {
    enum Wakeup { case wakeup, heartbeat, stop, hangup }

    func waitForWakeup() -> Wakeup {
        var fds = [
            pollfd(fd: connection.wakeupFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: socketFD, events: Platform.peerClosedEvents, revents: 0),
        ]
        let ready = poll(&fds, nfds_t(fds.count), hub.heartbeatInterval.pollMilliseconds)
        if ready == 0 { return .heartbeat }
        if ready < 0 { return errno == EINTR ? .wakeup : .hangup }
        if fds[1].revents != 0 { return .stop }
        if fds[2].revents & (Platform.peerClosedEvents | Int16(POLLERR)) != 0 { return .hangup }
        WakeupPipe.drain(connection.wakeupFD)
        return .wakeup
    }
}

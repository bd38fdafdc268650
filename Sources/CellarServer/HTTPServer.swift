import AnnotatedLocking
import Synchronization

/// The preview server: serves ``ServerConfiguration/root`` over HTTP with libmicrohttpd.
///
/// Each connection gets its own thread (`MHD_USE_THREAD_PER_CONNECTION`), so open
/// live-reload streams, which block their thread while waiting for events, never hold up
/// other requests; ``ConnectionLimits`` keep slow or idle clients from taking every
/// connection, and ``HostPolicy`` answers only to the names the server is reached by. The server knows nothing of sites: it serves a folder, and pushes what the
/// shared ``LiveReloadHub`` is told to send.
///
/// ```swift
/// let hub = LiveReloadHub()
/// let server = HTTPServer(configuration: ServerConfiguration(root: "public", port: 0), hub: hub)
/// let port = try server.start()       // "Serving on http://127.0.0.1:\(port)/"
/// hub.reload()                        // after each successful rebuild
/// server.stop()                       // ends open streams, joins threads, frees the port
/// ```
package final class HTTPServer: Sendable {
    /// What is served and where.
    package let configuration: ServerConfiguration
    /// The hub whose events reach the pages served.
    package let hub: LiveReloadHub
    private let running = Mutex<RunningDaemon?>(nil)

    /// Creates a stopped server.
    package init(configuration: ServerConfiguration, hub: LiveReloadHub = LiveReloadHub()) {
        self.configuration = configuration
        self.hub = hub
    }

    deinit {
        stop()
    }

    /// Binds the configured host and port and starts serving.
    /// - Returns: the bound port, which is the chosen one when the configured port is 0.
    /// - Throws: ``ServerError/portInUse(host:port:)`` when another program listens there,
    ///   and the other ``ServerError`` cases for a bad host or a failed start.
    @discardableResult
    package func start() throws(ServerError) -> UInt16 {
        try running.withAnnotatedLock { (state: inout RunningDaemon?) throws(ServerError) -> UInt16 in
            guard case .none = state else { throw .alreadyRunning }
            let daemon = try RunningDaemon.start(configuration: configuration, hub: hub)
            state = daemon
            return daemon.port
        }
    }

    /// Stops serving: ends the open event streams, waits for every connection thread, and
    /// closes the listening socket, so the port can be bound again at once. Does nothing
    /// when the server is not running.
    package func stop() {
        running.withAnnotatedLock { $0.take() }?.stop()
    }

    /// The bound port while running, else `nil`.
    package var boundPort: UInt16? {
        running.withAnnotatedLock { $0?.port }
    }

    /// How many connections the running server has accepted so far, and how many are open now
    /// (for tests).
    var connectionCounts: (accepted: UInt64, open: Int)? {
        running.withAnnotatedLock { $0.map { $0.context.takeUnretainedValue().connections.counts } }
    }
}

/// How many connections the server keeps, and for how long, so that no client — a
/// "slowloris" trickling one header byte at a time, or a page opening streams in a loop — can
/// take every slot and leave the pages unanswered.
///
/// A connection is *waiting* from when it opens, and again after each response on a
/// keep-alive connection, until its next request's head has fully arrived; waiting
/// connections are the ones closed when room is needed, oldest first, and the ones that get a
/// deadline. Connections answering a request are never closed to make room; live-reload
/// streams have a cap of their own.
package struct ConnectionLimits: Sendable, Equatable {
    /// How long a connection may wait: a request's head must have arrived this long after the
    /// connection opened (or after its previous response), however slowly its bytes trickle
    /// in. 10 s.
    package var requestHeadTimeout: Duration
    /// The most connections open at once, lowered to what the process's descriptor limit
    /// allows. 1,000.
    package var maxConnections: Int
    /// Slots kept for page requests: once more than `maxConnections - reservedForRequests`
    /// connections are open, each new one closes the oldest waiting connection. 64.
    package var reservedForRequests: Int
    /// The most connections from one client address (live-reload streams aside); past it, that
    /// client's oldest waiting connection is closed, or the new one when none is waiting. 256.
    package var maxPerClient: Int
    /// The most live-reload streams open at once: the oldest is closed first (its page stops
    /// live-reloading until it is reloaded by hand). 64.
    package var maxEventStreams: Int
    /// How long a connection that is being answered may go without any progress (a client that
    /// stopped reading) before libmicrohttpd closes it. 60 s.
    package var idleTimeout: Duration

    /// Creates limits; the defaults suit a preview server on one machine.
    package init(
        requestHeadTimeout: Duration = .seconds(10),
        maxConnections: Int = 1000,
        reservedForRequests: Int = 64,
        maxPerClient: Int = 256,
        maxEventStreams: Int = 64,
        idleTimeout: Duration = .seconds(60)
    ) {
        self.requestHeadTimeout = requestHeadTimeout
        self.maxConnections = maxConnections
        self.reservedForRequests = reservedForRequests
        self.maxPerClient = maxPerClient
        self.maxEventStreams = maxEventStreams
        self.idleTimeout = idleTimeout
    }

    /// The limits a process allowed `descriptors` open files can keep: each connection needs a
    /// socket and, while a file is sent, that file's descriptor. The reserve and the stream cap
    /// stay a fraction of what is left, so a page request always finds room.
    func fitting(descriptors: Int) -> ConnectionLimits {
        var limits = self
        limits.maxConnections = max(8, min(maxConnections, (descriptors - 64) / 2))
        limits.reservedForRequests = max(1, min(reservedForRequests, limits.maxConnections / 4))
        limits.maxEventStreams = max(1, min(maxEventStreams, limits.maxConnections / 4))
        limits.maxPerClient = max(1, min(maxPerClient, limits.maxConnections))
        return limits
    }
}

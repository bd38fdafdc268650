/// How many connections the server keeps, and for how long, so that no client — a
/// "slowloris" trickling one header byte at a time, a page opening streams in a loop, hundreds
/// of keep-alive clients — can take every slot and leave the pages unanswered; and what a client
/// over a limit gets: **503 Service Unavailable with `Retry-After`**, never a connection closed
/// in its face (see ``ServiceUnavailable``).
///
/// A connection is *idle* from when it opens, and again after each response on a keep-alive
/// connection, until its next request's head has fully arrived. Idle connections are the only
/// ones closed early: when their request head is late, and when room is needed — those idle for
/// at least ``idleBeforeEviction``, longest idle first, each told 503 first. A request being
/// answered is never cut short, and a connection idle for less than that is never closed to
/// make room (its request may be on its way). A new connection past ``maxConnections`` is told
/// 503 at once and closed.
package struct ConnectionLimits: Sendable, Equatable {
    /// How long a connection may stay idle: a request's head must have arrived this long after the
    /// connection opened (or after its previous response), however slowly its bytes trickle
    /// in. 10 s.
    var requestHeadTimeout: Duration
    /// The most connections open at once, lowered to what the process's descriptor limit
    /// allows; one more is told 503 and closed (when no idle connection can make room). 1,000.
    var maxConnections: Int
    /// Slots kept for page requests: once more than `maxConnections - reservedForRequests`
    /// connections are open, the longest-idle connections are told 503 and closed until that many
    /// are left (only those idle for ``idleBeforeEviction`` or longer). 64.
    var reservedForRequests: Int
    /// The most requests from one client address answered at once (live-reload streams aside):
    /// one more gets 503 with `Retry-After`. Idle connections do not count, so a client holding
    /// idle connections (a slowloris on the same address as the browser) never makes the
    /// browser's requests wait. 256.
    var maxPerClient: Int
    /// The most live-reload streams open at once: one more is answered 503 (the page's script
    /// retries later, with a growing, jittered delay). 64.
    var maxEventStreams: Int
    /// How long a connection that is being answered may go without any progress (a client that
    /// stopped reading) before libmicrohttpd closes it. 60 s.
    var idleTimeout: Duration
    /// How long a connection must have been idle before it may be closed to make room. 1 s.
    var idleBeforeEviction: Duration

    /// Creates limits; the defaults suit a preview server on one machine.
    package init(
        requestHeadTimeout: Duration = .seconds(10),
        maxConnections: Int = 1000,
        reservedForRequests: Int = 64,
        maxPerClient: Int = 256,
        maxEventStreams: Int = 64,
        idleTimeout: Duration = .seconds(60),
        idleBeforeEviction: Duration = .seconds(1)
    ) {
        self.requestHeadTimeout = requestHeadTimeout
        self.maxConnections = maxConnections
        self.reservedForRequests = reservedForRequests
        self.maxPerClient = maxPerClient
        self.maxEventStreams = maxEventStreams
        self.idleTimeout = idleTimeout
        self.idleBeforeEviction = idleBeforeEviction
    }

    /// How many connections libmicrohttpd itself keeps (`MHD_OPTION_CONNECTION_LIMIT`): room
    /// above ``maxConnections`` for those turned away with a 503, each of which holds its slot
    /// for an instant; past it libmicrohttpd would close new connections without a word.
    var acceptLimit: Int {
        maxConnections + max(reservedForRequests, maxConnections / 4)
    }

    /// The limits a process allowed `descriptors` open files can keep: each connection libmicrohttpd
    /// accepts (``acceptLimit``) needs a socket and, while a file is sent, that file's descriptor.
    /// The reserve and the stream cap stay a fraction of what is left, so a page request always
    /// finds room.
    func fitting(descriptors: Int) -> ConnectionLimits {
        var limits = self
        limits.maxConnections = max(8, min(maxConnections, (descriptors - 64) / 2 * 4 / 5))
        limits.reservedForRequests = max(1, min(reservedForRequests, limits.maxConnections / 4))
        limits.maxEventStreams = max(1, min(maxEventStreams, limits.maxConnections / 4))
        limits.maxPerClient = max(1, min(maxPerClient, limits.maxConnections))
        return limits
    }
}

/// The open connections of the server and the decisions ``ConnectionLimits`` call for: which
/// connections to close, and when. The caller (``ConnectionGuard``) does the closing and passes
/// the time in. Connections are added and removed under the caller's lock; what each one is
/// doing is its ``ConnectionActivity``, which its own thread updates without that lock.
struct ConnectionLedger {
    typealias Instant = ContinuousClock.Instant
    /// A connection, as libmicrohttpd's pointer to it.
    typealias ID = UInt

    enum Phase: Equatable, Sendable {
        /// Until the head of its next request has arrived.
        case waiting
        /// A request's response is being prepared or sent.
        case answering
        /// Serving the live-reload stream.
        case streaming
        /// Chosen to be closed; gone once libmicrohttpd reports it closed.
        case closing
    }

    struct Entry {
        var client: [UInt8]
        /// Its socket, to shut down when it is closed.
        var socket: Int32
        /// Order of arrival, to break ties.
        var serial: UInt64
        var activity: ConnectionActivity
    }

    let limits: ConnectionLimits
    private(set) var entries: [ID: Entry] = [:]
    private var nextSerial: UInt64 = 0

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// How many connections were ever opened.
    var acceptedCount: UInt64 {
        nextSerial
    }

    /// Connections not yet chosen to be closed.
    var openCount: Int {
        entries.values.count { $0.activity.current.phase != .closing }
    }

    /// Registers a new connection from `client`; returns its activity, for its thread to update,
    /// and the sockets to shut down now: the client's oldest waiting connection when it has too
    /// many (the new one itself if none of the others is waiting), and the oldest waiting
    /// connections while the reserve is entered. A client's live-reload streams do not count
    /// towards its share: they have a cap of their own.
    mutating func open(_ id: ID, client: [UInt8], socket: Int32, at now: Instant) -> (ConnectionActivity, closing: [Int32]) {
        nextSerial += 1
        let activity = ConnectionActivity(.waiting, at: now)
        entries[id] = Entry(client: client, socket: socket, serial: nextSerial, activity: activity)
        var closing: [Int32] = []
        let fromClient = entries.values.count { entry in
            entry.client == client && [.waiting, .answering].contains(entry.activity.current.phase)
        }
        if fromClient > limits.maxPerClient {
            let victim = oldestWaiting { $0.key != id && $0.value.client == client } ?? id
            closing += close(victim)
        }
        let allowed = limits.maxConnections - limits.reservedForRequests
        while openCount > allowed, let victim = oldestWaiting(where: { $0.key != id }) {
            closing += close(victim)
        }
        return (activity, closing)
    }

    // A connection's own thread records these in its activity directly (without the caller's
    // lock); they are here for the ledger's users that hold it anyway, tests among them.

    /// The head of a request has arrived.
    func requestArrived(_ id: ID, at now: Instant) {
        entries[id]?.activity.enter(.answering, at: now)
    }

    /// The connection now serves the live-reload stream.
    func streamStarted(_ id: ID, at now: Instant) {
        entries[id]?.activity.enter(.streaming, at: now)
    }

    /// A response was sent (or the stream ended): the connection waits for its next request.
    func requestCompleted(_ id: ID, at now: Instant) {
        entries[id]?.activity.enter(.waiting, at: now)
    }

    /// libmicrohttpd closed the connection.
    mutating func closed(_ id: ID) {
        entries[id] = nil
    }

    /// The sockets of connections that have waited longer than the request-head timeout,
    /// which are now closing.
    func expire(at now: Instant) -> [Int32] {
        entries.filter { entry in
            let (phase, since) = entry.value.activity.current
            return phase == .waiting && since + limits.requestHeadTimeout <= now
        }
        .keys.sorted().flatMap { close($0) }
    }
}

private extension ConnectionLedger {
    /// Marks a connection closing; its socket, unless it already was.
    func close(_ id: ID) -> [Int32] {
        guard let entry = entries[id], entry.activity.close() else { return [] }
        return [entry.socket]
    }

    func oldestWaiting(where isCandidate: ((key: ID, value: Entry)) -> Bool) -> ID? {
        var best: (id: ID, since: Instant, serial: UInt64)?
        for entry in entries where isCandidate(entry) {
            let (phase, since) = entry.value.activity.current
            guard phase == .waiting else { continue }
            if let current = best, (current.since, current.serial) <= (since, entry.value.serial) { continue }
            best = (entry.key, since, entry.value.serial)
        }
        return best?.id
    }
}

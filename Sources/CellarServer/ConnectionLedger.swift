/// The open connections of the server and what ``ConnectionLimits`` decide for them: which idle
/// connections to close, and when; whether a request whose head has arrived is answered or
/// refused with 503. Pure: the caller (``ConnectionGuard``) answers, closes and passes the time
/// in. Connections are added and removed under the caller's lock; what each one is doing is its
/// ``ConnectionActivity``, which its own thread updates without that lock.
struct ConnectionLedger {
    typealias Instant = ContinuousClock.Instant
    /// A connection, as libmicrohttpd's pointer to it.
    typealias ID = UInt

    enum Phase: Equatable, Sendable {
        /// Idle: until the head of its next request has arrived.
        case waiting
        /// A request's response is being prepared or sent.
        case answering
        /// Serving the live-reload stream.
        case streaming
        /// Chosen to be closed; gone once libmicrohttpd reports it closed.
        case closing
    }

    /// What becomes of a request whose head has arrived.
    enum Admission: Equatable, Sendable {
        case serve
        /// Answered 503 with `Retry-After`, then the connection is closed.
        case refuse(ServiceUnavailable)
    }

    /// The sockets to close: those idle past the request-head timeout (closed without a word:
    /// no request came), and those turned away — idle ones closed to make room, a new one past
    /// the maximum — each told 503 first, since a request may be on its way.
    struct Closings: Equatable {
        var expired: [Int32] = []
        var turnedAway: [Int32] = []
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
    /// The share of each client address with connections open, and how many it has.
    private var shares: [[UInt8]: (share: ClientShare, connections: Int)] = [:]
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

    /// Registers a new, idle connection from `client`; returns its activity, for its thread to
    /// update, and the sockets to turn away now: idle ones, to keep the reserve free (those idle
    /// long enough) and to stay within ``ConnectionLimits/maxConnections`` (the longest idle), and
    /// the new one itself when nothing else is idle.
    mutating func open(_ id: ID, client: [UInt8], socket: Int32, at now: Instant) -> (ConnectionActivity, turnedAway: [Int32]) {
        nextSerial += 1
        let share = shares[client]?.share ?? ClientShare()
        shares[client] = (share, (shares[client]?.connections ?? 0) + 1)
        let activity = ConnectionActivity(.waiting, at: now, share: share)
        entries[id] = Entry(client: client, socket: socket, serial: nextSerial, activity: activity)
        var turnedAway = makeRoom(at: now, sparing: id)
        if openCount > limits.maxConnections {
            // At the very edge the longest idle goes whatever its age: more likely a slowloris than
            // the newcomer, which is most likely a page request.
            turnedAway += makeRoom(downTo: limits.maxConnections, idleFor: .zero, at: now, sparing: id)
        }
        if openCount > limits.maxConnections {
            turnedAway += close(id)
        }
        return (activity, turnedAway)
    }

    /// Decides a request whose head has arrived (not a live-reload stream's: those have a cap of
    /// their own): served while its client has fewer than ``ConnectionLimits/maxPerClient``
    /// requests being answered, else refused. A served request counts until ``finished(_:)``.
    /// (The connection's thread asks its ``ConnectionActivity`` directly, without the lock.)
    func admit(_ id: ID) -> Admission {
        Self.admit(entries[id]?.activity, limits: limits)
    }

    /// The decision of ``admit(_:)`` for a connection's activity.
    static func admit(_ activity: ConnectionActivity?, limits: ConnectionLimits) -> Admission {
        guard let activity, !activity.admit(limit: limits.maxPerClient) else { return .serve }
        return .refuse(.clientBusy(limit: limits.maxPerClient))
    }

    /// The connection's request is over (answered, or abandoned).
    func finished(_ id: ID) {
        entries[id]?.activity.finish()
    }

    /// libmicrohttpd closed the connection.
    mutating func closed(_ id: ID) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        entry.activity.finish()
        let left = (shares[entry.client]?.connections ?? 1) - 1
        shares[entry.client] = left > 0 ? shares[entry.client].map { ($0.share, left) } : nil
    }

    /// What the watchdog closes at `now`: connections idle longer than the request-head timeout,
    /// and, while the reserve is entered, the longest idle.
    func expire(at now: Instant) -> Closings {
        let expired = entries.filter { entry in
            let (phase, since) = entry.value.activity.current
            return phase == .waiting && since + limits.requestHeadTimeout <= now
        }
        .keys.sorted().flatMap { close($0) }
        return Closings(expired: expired, turnedAway: makeRoom(at: now, sparing: nil))
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

    /// A response was sent (or the stream ended): the connection is idle until its next request.
    func requestCompleted(_ id: ID, at now: Instant) {
        entries[id]?.activity.enter(.waiting, at: now)
    }
}

private extension ConnectionLedger {
    /// Marks an idle connection closing; its socket, unless it is no longer idle.
    func close(_ id: ID) -> [Int32] {
        guard let entry = entries[id], entry.activity.closeIfIdle() else { return [] }
        return [entry.socket]
    }

    /// While more than `maxConnections - reservedForRequests` connections are open, closes the
    /// longest-idle ones that have been idle for ``ConnectionLimits/idleBeforeEviction`` at least.
    func makeRoom(at now: Instant, sparing spared: ID?) -> [Int32] {
        makeRoom(downTo: limits.maxConnections - limits.reservedForRequests, idleFor: limits.idleBeforeEviction,
                 at: now, sparing: spared)
    }

    /// While more than `allowed` connections are open, closes the longest-idle ones that have
    /// been idle for `minimum` at least.
    func makeRoom(downTo allowed: Int, idleFor minimum: Duration, at now: Instant, sparing spared: ID?) -> [Int32] {
        var open = openCount
        guard open > allowed else { return [] }
        var candidates: [(id: ID, since: Instant, serial: UInt64)] = []
        for (id, entry) in entries where id != spared {
            let (phase, since) = entry.activity.current
            if phase == .waiting && since + minimum <= now {
                candidates.append((id, since, entry.serial))
            }
        }
        candidates.sort { ($0.since, $0.serial) < ($1.since, $1.serial) }
        var evicted: [Int32] = []
        for candidate in candidates where open > allowed {
            let sockets = close(candidate.id)
            evicted += sockets
            open -= sockets.count
        }
        return evicted
    }
}

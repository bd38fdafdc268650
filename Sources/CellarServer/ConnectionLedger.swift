/// The open connections of the server and what each is doing, and the decisions
/// ``ConnectionLimits`` call for: which connections to close, and when. Pure: the caller
/// (``ConnectionGuard``) does the closing, and passes the time in.
struct ConnectionLedger {
    typealias Instant = ContinuousClock.Instant
    /// A connection, as libmicrohttpd's pointer to it.
    typealias ID = UInt

    enum Phase: Equatable {
        /// Until the head of its next request has arrived.
        case waiting
        /// A request's response is being prepared or sent.
        case answering
        /// Serving the live-reload stream.
        case streaming
        /// Chosen to be closed; gone once libmicrohttpd reports it closed.
        case closing
    }

    struct Entry: Equatable {
        var client: [UInt8]
        /// Its socket, to shut down when it is closed.
        var socket: Int32
        var phase: Phase
        /// When the current phase began.
        var since: Instant
        /// Order of arrival, to break ties.
        var serial: UInt64
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
        entries.values.count { $0.phase != .closing }
    }

    /// Registers a new connection from `client`; returns the sockets to shut down now: the
    /// client's oldest waiting connection when it has too many (the new one itself if none of
    /// the others is waiting), and the oldest waiting connections while the reserve is entered.
    /// A client's live-reload streams do not count towards its share: they have a cap of their own.
    mutating func open(_ id: ID, client: [UInt8], socket: Int32, at now: Instant) -> [Int32] {
        nextSerial += 1
        entries[id] = Entry(client: client, socket: socket, phase: .waiting, since: now, serial: nextSerial)
        var closing: [Int32] = []
        let fromClient = entries.values.count { $0.client == client && ($0.phase == .waiting || $0.phase == .answering) }
        if fromClient > limits.maxPerClient {
            let victim = oldestWaiting { $0.key != id && $0.value.client == client } ?? id
            closing.append(close(victim))
        }
        let allowed = limits.maxConnections - limits.reservedForRequests
        while openCount > allowed, let victim = oldestWaiting(where: { $0.key != id }) {
            closing.append(close(victim))
        }
        return closing
    }

    /// The head of a request has arrived.
    mutating func requestArrived(_ id: ID, at now: Instant) {
        setPhase(.answering, of: id, at: now)
    }

    /// The connection now serves the live-reload stream.
    mutating func streamStarted(_ id: ID, at now: Instant) {
        setPhase(.streaming, of: id, at: now)
    }

    /// A response was sent (or the stream ended): the connection waits for its next request.
    mutating func requestCompleted(_ id: ID, at now: Instant) {
        setPhase(.waiting, of: id, at: now)
    }

    /// libmicrohttpd closed the connection.
    mutating func closed(_ id: ID) {
        entries[id] = nil
    }

    /// The sockets of connections that have waited longer than the request-head timeout,
    /// which are now closing.
    mutating func expire(at now: Instant) -> [Int32] {
        let late = entries.filter { $0.value.phase == .waiting && $0.value.since + limits.requestHeadTimeout <= now }
        return late.keys.sorted().map { close($0) }
    }
}

private extension ConnectionLedger {
    mutating func setPhase(_ phase: Phase, of id: ID, at now: Instant) {
        guard let entry = entries[id], entry.phase != .closing else { return }
        entries[id]?.phase = phase
        entries[id]?.since = now
    }

    mutating func close(_ id: ID) -> Int32 {
        entries[id]?.phase = .closing
        return entries[id]?.socket ?? -1
    }

    func oldestWaiting(where isCandidate: ((key: ID, value: Entry)) -> Bool) -> ID? {
        entries.filter { $0.value.phase == .waiting && isCandidate(($0.key, $0.value)) }
            .min { ($0.value.since, $0.value.serial) < ($1.value.since, $1.value.serial) }?
            .key
    }
}

import AnnotatedLocking
import Synchronization

/// Keeps the open live-reload connections and pushes ``LiveReloadEvent``s to all of them.
///
/// Share one hub between the code that rebuilds and the ``HTTPServer`` that serves
/// `/__cellar/events`. Sending never blocks: each connection has its own queue, drained by
/// the thread that serves it. A page that connects while the build is broken receives the
/// current errors at once. A connection whose queue grows past 1 MiB (a client that stopped
/// reading) is closed; the browser reconnects on its own. Past the server's cap on streams,
/// the oldest is told so (`event: limit`) and closed: its page stops live-reloading rather than
/// reconnect and push another page out in turn.
///
/// ```swift
/// let hub = LiveReloadHub()
/// hub.showErrors(["content/a.md:4:9: error: 'rating' must be an integer"])
/// hub.rebuildSucceeded(stylesheetsOnly: false)   // clears the overlay, then reloads
/// ```
///
/// The state lives in a `Mutex`, not an actor, because it is read from libmicrohttpd's
/// connection threads inside a synchronous C callback.
package final class LiveReloadHub: Sendable {
    /// How long a connection may stay silent before a `: ping` comment is sent to it.
    package let heartbeatInterval: Duration
    private let state = Mutex(State())

    /// Creates a hub with no connections and no errors.
    /// - Parameter heartbeatInterval: the longest silence on a connection; dead clients are
    ///   noticed at the latest when this elapses.
    package init(heartbeatInterval: Duration = .seconds(15)) {
        self.heartbeatInterval = heartbeatInterval
    }

    /// Sends `event` to every open page. `.errors` is remembered for pages that connect
    /// later, until `.ok` clears it.
    package func send(_ event: LiveReloadEvent) {
        let bytes = event.wireFormat
        state.withAnnotatedLock { state in
            switch event {
            case .errors(let lines): state.errors = lines
            case .ok: state.errors = nil
            case .reload, .css: break
            }
            for id in state.clients.keys {
                state.clients[id]?.enqueue(bytes)
            }
        }
    }

    /// Reloads every open page.
    package func reload() { send(.reload) }

    /// Swaps the stylesheets of every open page, without reloading it.
    package func reloadStylesheets() { send(.css) }

    /// Shows `diagnostics` in an overlay on every open page, one per line.
    package func showErrors(_ diagnostics: [String]) { send(.errors(diagnostics)) }

    /// Removes the overlay if errors are shown; does nothing otherwise.
    package func clearErrors() {
        if currentErrors != nil { send(.ok) }
    }

    /// Reports a successful rebuild: clears any error overlay, then reloads the pages, or
    /// only their stylesheets when nothing but CSS changed.
    package func rebuildSucceeded(stylesheetsOnly: Bool) {
        clearErrors()
        send(stylesheetsOnly ? .css : .reload)
    }

    /// The errors shown now, or `nil` when the last rebuild succeeded.
    package var currentErrors: [String]? {
        state.withAnnotatedLock { $0.errors }
    }

    /// How many pages are connected.
    package var connectedClients: Int {
        state.withAnnotatedLock { $0.clients.count }
    }
}

extension LiveReloadHub {
    /// One open event stream, as seen by the thread serving it.
    struct Connection: Sendable {
        let id: UInt64
        /// Readable when the connection's queue has data or it was closed.
        let wakeupFD: Int32
    }

    /// What a connection should do next.
    enum Pending: Equatable, Sendable {
        case bytes([UInt8])
        case waiting
        case closed
    }

    /// The last event sent to a stream closed to make room for a newer one.
    static let limitEvent = Array("event: limit\ndata: too many pages of this site are open; reload this one to live-reload it again\n\n".utf8)

    /// Registers a connection; its queue starts with the reconnect delay and any current errors.
    /// When more than `limit` streams would be open, the oldest are sent ``limitEvent`` and closed.
    func connect(limit: Int = .max) -> Connection? {
        guard let wakeup = WakeupPipe() else { return nil }
        return state.withAnnotatedLock { state in
            let id = state.nextID
            state.nextID += 1
            var client = Client(wakeup: wakeup)
            client.enqueue(Array("retry: 500\n\n".utf8))
            if let errors = state.errors {
                client.enqueue(LiveReloadEvent.errors(errors).wireFormat)
            }
            state.clients[id] = client
            let open = state.clients.filter { !$0.value.isEnding }.keys.sorted()
            for oldest in open.prefix(max(0, open.count - max(1, limit))) {
                state.clients[oldest]?.end(after: Self.limitEvent)
            }
            return Connection(id: id, wakeupFD: wakeup.readFD)
        }
    }

    /// Forgets a connection and closes its wake-up pipe. Called once, by the thread serving it.
    func disconnect(_ connection: Connection) {
        let client = state.withAnnotatedLock { $0.clients.removeValue(forKey: connection.id) }
        client?.wakeup.close()
    }

    /// Takes up to `maxBytes` of the connection's queue.
    func takePending(_ connection: Connection, maxBytes: Int) -> Pending {
        state.withAnnotatedLock { state in
            state.clients[connection.id]?.take(maxBytes: maxBytes) ?? .closed
        }
    }

    /// Queues a `: ping` comment, so that a dead client fails on write and is dropped.
    func enqueueHeartbeat(_ connection: Connection) {
        state.withAnnotatedLock { state in
            state.clients[connection.id]?.enqueue(Array(": ping\n\n".utf8))
        }
    }
}

private extension LiveReloadHub {
    struct State {
        var clients: [UInt64: Client] = [:]
        var nextID: UInt64 = 1
        var errors: [String]?
    }

    struct Client {
        static let queueLimit = 1 << 20
        var pending: [UInt8] = []
        var wakeup: WakeupPipe
        var closed = false
        /// Closed once what is pending has been taken.
        var ending = false

        var isEnding: Bool { closed || ending }

        mutating func enqueue(_ bytes: [UInt8]) {
            guard !closed && !ending else { return }
            if pending.count + bytes.count > Self.queueLimit {
                closed = true
                pending = []
            } else {
                pending += bytes
            }
            wakeup.signal()
        }

        /// Sends `bytes`, then closes.
        mutating func end(after bytes: [UInt8]) {
            enqueue(bytes)
            ending = true
        }

        mutating func take(maxBytes: Int) -> Pending {
            if closed { return .closed }
            if pending.isEmpty { return ending ? .closed : .waiting }
            let count = min(maxBytes, pending.count)
            let chunk = Array(pending.prefix(count))
            pending.removeFirst(count)
            return .bytes(chunk)
        }
    }
}

import AnnotatedLocking
import Synchronization

/// Keeps the open live-reload connections and pushes ``LiveReloadEvent``s to all of them.
///
/// Share one hub between the code that rebuilds and the ``HTTPServer`` that serves
/// `/__cellar/events`. Sending never blocks: each connection has its own queue, drained by
/// the thread that serves it. A page that connects while the build is broken receives the
/// current errors at once. A connection whose queue grows past 1 MiB (a client that stopped
/// reading) is closed; the browser reconnects on its own. At the server's cap on streams a new
/// one is refused (the server answers 503, and the page's script tries again later, each time
/// waiting longer, with jitter); the pages already live-reloading keep doing so.
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
    let heartbeatInterval: Duration
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
    func reloadStylesheets() { send(.css) }

    /// Shows `diagnostics` in an overlay on every open page, one per line.
    package func showErrors(_ diagnostics: [String]) { send(.errors(diagnostics)) }

    /// Removes the overlay if errors are shown; does nothing otherwise.
    func clearErrors() {
        if currentErrors != nil { send(.ok) }
    }

    /// Reports a successful rebuild: clears any error overlay, then reloads the pages, or
    /// only their stylesheets when nothing but CSS changed.
    package func rebuildSucceeded(stylesheetsOnly: Bool) {
        clearErrors()
        send(stylesheetsOnly ? .css : .reload)
    }

    /// The errors shown now, or `nil` when the last rebuild succeeded.
    var currentErrors: [String]? {
        state.withAnnotatedLock { $0.errors }
    }

    /// How many pages are connected.
    var connectedClients: Int {
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

    /// How long a page waits before reconnecting a stream that dropped (the server restarted), in
    /// milliseconds: 500 to 1,500, drawn for each stream, so that the pages of a restarted server
    /// do not all come back in the same instant.
    static let reconnectDelays = 500..<1500

    /// Registers a connection; its queue starts with its reconnect delay (`retry:`, drawn from
    /// ``reconnectDelays`` by `randomDelay`) and any current errors. `nil` when `limit` streams
    /// are open already (or the system refuses a pipe): the server answers 503.
    func connect(limit: Int = .max, randomDelay: (Range<Int>) -> Int = { Int.random(in: $0) }) -> Connection? {
        let delay = randomDelay(Self.reconnectDelays)
        return state.withAnnotatedLock { state -> Connection? in
            guard state.clients.count < max(1, limit), let wakeup = WakeupPipe() else { return nil }
            let id = state.nextID
            state.nextID += 1
            var client = Client(wakeup: wakeup)
            client.enqueue(Array("retry: \(delay)\n\n".utf8))
            if let errors = state.errors {
                client.enqueue(LiveReloadEvent.errors(errors).wireFormat)
            }
            state.clients[id] = client
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

        mutating func enqueue(_ bytes: [UInt8]) {
            guard !closed else { return }
            if pending.count + bytes.count > Self.queueLimit {
                closed = true
                pending = []
            } else {
                pending += bytes
            }
            wakeup.signal()
        }

        mutating func take(maxBytes: Int) -> Pending {
            if closed { return .closed }
            if pending.isEmpty { return .waiting }
            let count = min(maxBytes, pending.count)
            let chunk = Array(pending.prefix(count))
            pending.removeFirst(count)
            return .bytes(chunk)
        }
    }
}

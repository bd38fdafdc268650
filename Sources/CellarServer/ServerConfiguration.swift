/// What the preview server serves, and where it listens.
package struct ServerConfiguration: Sendable, Equatable {
    /// The IPv4 address to bind, or `localhost` (127.0.0.1). `0.0.0.0` exposes the preview to
    /// the network: bind it only when asked, and say so (see ``isLoopback``).
    package var host: String
    /// The TCP port; `0` lets the system pick a free one, which ``HTTPServer/start()`` returns.
    package var port: UInt16
    /// The folder served. It may be replaced between requests (a rebuilt site is swapped in);
    /// nothing is cached across requests.
    package var root: String
    /// Whether HTML responses get the live-reload script and `/__cellar/…` is served.
    var liveReload: Bool
    /// The page served with status 404, relative to ``root``.
    var notFoundPage: String
    /// How many connections are kept, and for how long.
    package var limits: ConnectionLimits

    /// Creates a configuration; by default it binds 127.0.0.1:1313 with live reload on.
    package init(
        root: String,
        host: String = "127.0.0.1",
        port: UInt16 = 1313,
        liveReload: Bool = true,
        notFoundPage: String = "404.html",
        limits: ConnectionLimits = ConnectionLimits()
    ) {
        self.root = root
        self.host = host
        self.port = port
        self.liveReload = liveReload
        self.notFoundPage = notFoundPage
        self.limits = limits
    }

    /// Whether ``host`` is a loopback address (`localhost` or 127.0.0.0/8), so that only this
    /// machine can reach the server. The CLI warns when it is not.
    package var isLoopback: Bool {
        guard let address = ListenAddress(host: host) else { return false }
        return address.isLoopback
    }
}

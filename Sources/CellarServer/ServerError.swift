/// Why the preview server could not start.
package enum ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another process listens on the port.
    case portInUse(host: String, port: UInt16)
    /// The port needs privileges (below 1024).
    case permissionDenied(host: String, port: UInt16)
    /// The host is an address this machine does not have.
    case addressUnavailable(host: String)
    /// The host is not an IPv4 address nor `localhost`.
    case invalidHost(String)
    /// ``HTTPServer/start()`` was called on a running server.
    case alreadyRunning
    /// The socket or the HTTP daemon could not be set up; the reason names the call.
    case startFailed(reason: String)

    /// The message for the terminal: what went wrong and what to do (`--port 0`, another port).
    package var description: String {
        switch self {
        case .portInUse(let host, let port):
            "port \(port) on \(host) is already in use; stop the program using it, choose another port "
                + "(--port \(port == UInt16.max ? 8080 : port + 1)), or use --port 0 to pick a free one"
        case .permissionDenied(let host, let port):
            "not allowed to listen on port \(port) on \(host); ports below 1024 need privileges: "
                + "choose a port from 1024 up, or use --port 0 to pick a free one"
        case .addressUnavailable(let host):
            "cannot listen on \(host): this machine has no such address; use 127.0.0.1 (the default)"
        case .invalidHost(let host):
            "'\(host)' is not an IPv4 address; use 127.0.0.1 (the default), localhost or 0.0.0.0"
        case .alreadyRunning:
            "the server is already running"
        case .startFailed(let reason):
            "cannot start the preview server: \(reason)"
        }
    }
}

/// Which `Host` header values the server answers to, so that a page from another site cannot
/// read the preview (drafts included) by pointing its own name at 127.0.0.1 — DNS rebinding.
///
/// Accepted: `localhost`, `127.0.0.1` and `[::1]`, and the host the server was told to listen
/// on, each with or without a port (any port: an SSH tunnel or a proxy may forward another one);
/// when listening on every interface (`0.0.0.0`), any IP address too, since that is how other
/// machines reach it and a rebinding attack needs a name. `nil` (no `Host`, which only an HTTP/1.0
/// client may send: ``RequestRouter`` refuses it from others) is accepted: browsers always send
/// one. Names compare case-insensitively, a trailing dot ignored.
struct HostPolicy: Sendable, Equatable {
    /// The host given to the server (``ServerConfiguration/host``).
    var listenHost: String

    /// Whether a request with this `Host` value (or authority) is answered.
    func allows(_ host: String?) -> Bool {
        guard let host else { return true }
        guard let name = Self.name(in: host) else { return false }
        if Self.alwaysAllowed.contains(name) || name == Self.normalized(listenHost) { return true }
        return listensEverywhere && Self.isIPAddress(name)
    }

    /// The names listed when a request is refused.
    var acceptedNames: [String] {
        let configured = Self.normalized(listenHost)
        let names = ["localhost", "127.0.0.1", "[::1]"]
        return names.contains(configured) || listensEverywhere ? names : names + [configured]
    }

    /// Whether the server listens on every interface.
    var listensEverywhere: Bool {
        listenHost == "0.0.0.0"
    }
}

private extension HostPolicy {
    static let alwaysAllowed: Set<String> = ["localhost", "127.0.0.1", "[::1]"]

    /// The name part of `host[:port]` or `[v6]:port`, normalised; `nil` when malformed.
    static func name(in value: String) -> String? {
        let text = String(value.trimmingCharacters(" \t"))
        var name = Substring(text)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = text[...close]
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":", isPort(after.dropFirst()) else { return nil }
            }
        } else if let colon = text.firstIndex(of: ":") {
            name = text[..<colon]
            guard isPort(text[text.index(after: colon)...]) else { return nil }
        }
        guard !name.isEmpty, name != "." else { return nil }
        return normalized(String(name))
    }

    static func isPort(_ text: Substring) -> Bool {
        (1...5).contains(text.count) && text.allSatisfy { $0 >= "0" && $0 <= "9" }
    }

    static func normalized(_ name: String) -> String {
        var result = name.lowercased()
        if result.count > 1 && result.hasSuffix(".") { result.removeLast() }
        return result
    }

    static func isIPAddress(_ name: String) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") {
            var address = in6_addr()
            return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &address) == 1
        }
        var address = in_addr()
        return inet_pton(AF_INET, name, &address) == 1
    }
}


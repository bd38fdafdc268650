/// An IPv4 address to listen on, parsed from a host string.
struct ListenAddress: Sendable, Equatable {
    /// The address in network byte order, as `sockaddr_in` wants it.
    var networkOrder: UInt32

    /// Parses a dotted IPv4 address, or `localhost` as 127.0.0.1; `nil` for anything else.
    init?(host: String) {
        let text = host == "localhost" ? "127.0.0.1" : host
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        networkOrder = address.s_addr
    }

    /// Whether the address is in 127.0.0.0/8.
    var isLoopback: Bool {
        UInt32(bigEndian: networkOrder) >> 24 == 127
    }

    /// A `sockaddr_in` for this address and `port`.
    func socketAddress(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: networkOrder)
        return address
    }
}

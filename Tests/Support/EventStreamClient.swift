import Foundation

/// A client of `/__cellar/events`: decodes the chunked stream and splits it into events.
public final class EventStreamClient {
    public struct Event: Equatable, Sendable {
        public var name: String
        public var data: String

        public init(name: String, data: String) {
            self.name = name
            self.data = data
        }
    }

    private let connection: TCPConnection
    private var raw: [UInt8] = []
    private var stream: [UInt8] = []
    private var headerParsed = false

    /// Connects and sends the request; headers are read with the first events. Each read waits
    /// at most `timeout` seconds.
    public init(port: UInt16, timeout: Int = 10) throws {
        connection = try TCPConnection(port: port, timeout: timeout)
        try connection.send("GET /__cellar/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
    }

    /// Waits until the server has answered the request (the stream's headers have arrived): from
    /// then on the server knows the client, and every event it sends will reach it.
    public func waitUntilConnected() throws {
        while !headerParsed {
            let chunk = try connection.receive()
            if chunk.isEmpty { return }
            raw += chunk
            decodeChunks()
        }
    }

    /// Reads until `count` events (comments and `retry:` lines are skipped) have arrived, the
    /// stream ends, or — checked whenever something arrives, heartbeats included — `deadline` passes.
    public func events(count: Int, deadline: ContinuousClock.Instant? = nil) throws -> [Event] {
        var parsed = parseEvents()
        while parsed.count < count {
            if let deadline, ContinuousClock.now >= deadline { break }
            let chunk = try connection.receive()
            if chunk.isEmpty { break }
            raw += chunk
            decodeChunks()
            parsed = parseEvents()
        }
        return Array(parsed.prefix(count))
    }

    /// Reads until the server ends the stream; whether it did within the socket timeout.
    public func waitForEnd() -> Bool {
        while let chunk = try? connection.receive() {
            if chunk.isEmpty { return true }
        }
        return false
    }

    /// Everything received so far after the headers, with chunk framing removed.
    public var received: String { String(decoding: stream, as: UTF8.self) }

    private func decodeChunks() {
        let lineEnd = Array("\r\n".utf8)
        if !headerParsed {
            guard let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) else { return }
            raw.removeSubrange(..<end.upperBound)
            headerParsed = true
        }
        while let sizeEnd = raw.firstRange(of: lineEnd),
              let size = Int(String(decoding: raw[..<sizeEnd.lowerBound], as: UTF8.self), radix: 16),
              raw.count >= sizeEnd.upperBound + size + 2 {
            stream += raw[sizeEnd.upperBound..<(sizeEnd.upperBound + size)]
            raw.removeSubrange(..<(sizeEnd.upperBound + size + 2))
        }
    }

    private func parseEvents() -> [Event] {
        var events: [Event] = []
        for block in received.components(separatedBy: "\n\n").dropLast() {
            var name = "message"
            var data: [String] = []
            for line in block.split(separator: "\n") {
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
            }
            if !data.isEmpty { events.append(Event(name: name, data: data.joined(separator: "\n"))) }
        }
        return events
    }
}

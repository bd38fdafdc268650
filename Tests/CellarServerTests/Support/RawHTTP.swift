import CellarTestSupport
import Foundation

/// A parsed HTTP/1.1 response, read from a connection the server closes.
struct RawHTTPResponse {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    init(parsing bytes: [UInt8]) throws {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = bytes.firstRange(of: separator) else {
            throw TCPConnection.Failure(description: "no header end in \(String(decoding: bytes, as: UTF8.self))")
        }
        let head = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw TCPConnection.Failure(description: "bad status line \(head[0])")
        }
        self.status = status
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        body = Array(bytes[end.upperBound...])
    }
}

/// Sends requests as raw bytes, exactly as written.
enum RawHTTP {
    /// Sends `method path` with `Connection: close` and reads the whole response.
    static func request(
        _ method: String, _ path: String, port: UInt16, headers: [String: String] = [:], body: String = ""
    ) throws -> RawHTTPResponse {
        var request = "\(method) \(path) HTTP/1.1\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { request += "Host: 127.0.0.1:\(port)\r\n" }
        request += "Connection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if !body.isEmpty { request += "Content-Length: \(body.utf8.count)\r\n" }
        request += "\r\n" + body
        let connection = try TCPConnection(port: port)
        try connection.send(request)
        return try RawHTTPResponse(parsing: connection.receiveAll())
    }

    static func get(_ path: String, port: UInt16, headers: [String: String] = [:]) throws -> RawHTTPResponse {
        try request("GET", path, port: port, headers: headers)
    }

    /// Sends `bytes` as they are and reads the whole response.
    static func send(_ bytes: [UInt8], port: UInt16) throws -> RawHTTPResponse {
        let connection = try TCPConnection(port: port)
        try connection.send(bytes)
        return try RawHTTPResponse(parsing: connection.receiveAll())
    }
}

internal import CMicroHTTPD

/// What libmicrohttpd's callbacks need, handed to them through the `void *` class pointer
/// with `Unmanaged` (a `@convention(c)` callback cannot capture). Immutable, so any
/// connection thread may use it.
final class DaemonContext: Sendable {
    let router: RequestRouter
    let hub: LiveReloadHub
    let connections: ConnectionGuard
    /// Readable once the server is stopping; event streams end when it is.
    let stopFD: Int32

    init(router: RequestRouter, hub: LiveReloadHub, connections: ConnectionGuard, stopFD: Int32) {
        self.router = router
        self.hub = hub
        self.connections = connections
        self.stopFD = stopFD
    }

    /// Answers one request: asks the router, then hands the response to the daemon.
    func handle(connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                version: UnsafePointer<CChar>?, mark: RequestLine.Mark) -> MHD_Result {
        var target = Array(UnsafeRawBufferPointer(start: url, count: mark.pathLength))
        if mark.endedAtNUL && targetHoldsRawNUL(connection: connection, url: url, method: method, mark: mark) {
            target.append(0)
        }
        let query = Self.query(of: connection)
        if !query.isEmpty { target += [UInt8(ascii: "?")] + query }
        let request = HTTPRequest(
            method: String(cString: method),
            target: target,
            version: version.map { String(cString: $0) } ?? "",
            hosts: Self.values(of: .HEADER_KIND, on: connection).filter { $0.key.lowercased() == "host" }.map(\.value),
            ifNoneMatch: header("If-None-Match", of: connection),
            range: header("Range", of: connection),
            ifRange: header("If-Range", of: connection)
        )
        let response = router.respond(to: request)
        if case .eventStream = response.body {
            return queueStream(response.headers, on: connection)
        }
        if case .refuse(let answer) = connections.admit(connection) {
            response.body.discard()
            return queue(answer.response, on: connection)
        }
        return queue(response, on: connection)
    }
}

private extension DaemonContext {
    func header(_ name: String, of connection: OpaquePointer) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    /// Every header (or query argument) of `kind` as text, in the order sent.
    static func values(of kind: MHD_ValueKind, on connection: OpaquePointer) -> [(key: String, value: String)] {
        arguments(of: kind, on: connection).map { (String(decoding: $0.key, as: UTF8.self), String(decoding: $0.value ?? [], as: UTF8.self)) }
    }

    /// Every header (or query argument) of `kind` as bytes, in the order sent; a query argument
    /// without `=` has a `nil` value.
    static func arguments(of kind: MHD_ValueKind, on connection: OpaquePointer) -> [(key: [UInt8], value: [UInt8]?)] {
        var found: [(key: [UInt8], value: [UInt8]?)] = []
        withUnsafeMutablePointer(to: &found) { list in
            _ = MHD_get_connection_values(connection, kind, collectValue, list)
        }
        return found
    }

    /// The query as the client sent it, rebuilt from the arguments libmicrohttpd split it into:
    /// with the unescape callback leaving escapes alone, its only change is `+` read as a space.
    static func query(of connection: OpaquePointer) -> [UInt8] {
        var query: [UInt8] = []
        for (index, argument) in arguments(of: .GET_ARGUMENT_KIND, on: connection).enumerated() {
            if index > 0 { query.append(UInt8(ascii: "&")) }
            query += argument.key
            if let value = argument.value { query += [UInt8(ascii: "=")] + value }
        }
        return query.map { $0 == UInt8(ascii: " ") ? UInt8(ascii: "+") : $0 }
    }

    /// Whether the target's first NUL came before the end of the target libmicrohttpd found —
    /// a NUL the client sent (see ``RequestLine``).
    func targetHoldsRawNUL(connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>,
                           mark: RequestLine.Mark) -> Bool {
        let start = UnsafeRawPointer(url)
        let end: UnsafeRawPointer
        if let firstHeader = cellar_mhd_first_header_name(connection) {
            end = UnsafeRawPointer(firstHeader)
        } else {
            let headSize = cellar_mhd_request_head_size(connection)
            guard headSize > 0 else { return false }
            end = UnsafeRawPointer(method) + headSize
        }
        guard end > start, end - start <= 1 << 20,
              let length = RequestLine.targetLength(inLineFrom: UnsafeRawBufferPointer(start: start, count: end - start))
        else { return false }
        return mark.pathLength < length
    }

    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        guard let mhdResponse = makeResponse(response.body, on: connection) else { return .NO }
        defer { MHD_destroy_response(mhdResponse) }
        for header in response.headers {
            _ = MHD_add_response_header(mhdResponse, header.name, header.value)
        }
        return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
    }

    func makeResponse(_ body: HTTPResponse.Body, on connection: OpaquePointer) -> OpaquePointer? {
        switch body {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY
                )
            }
        case .file(let file, let window) where file.insertion == nil:
            guard let response = MHD_create_response_from_fd_at_offset64(
                UInt64(window.count), file.descriptor, window.lowerBound
            ) else {
                file.close()
                return nil
            }
            return response
        case .file(let file, let window):
            let stream = Unmanaged.passRetained(FileStream(body: file, start: window.lowerBound))
            guard let response = MHD_create_response_from_callback(
                UInt64(window.count), 64 * 1024, fileStreamReader, stream.toOpaque(), fileStreamFree
            ) else {
                stream.takeRetainedValue().body.close()
                return nil
            }
            return response
        case .eventStream:
            return nil   // never asked for: `handle` opens streams with `queueStream`
        }
    }

    /// Opens a live-reload stream on `connection`, or answers 503 when no more may be open.
    func queueStream(_ headers: [HTTPResponse.Header], on connection: OpaquePointer) -> MHD_Result {
        let limit = connections.limits.maxEventStreams
        guard let subscription = hub.connect(limit: limit) else {
            return queue(ServiceUnavailable.streamsFull(limit: limit).response, on: connection)
        }
        ConnectionGuard.activity(of: connection)?.enter(.streaming, at: .now)
        let session = EventStreamSession(
            hub: hub, connection: subscription, stopFD: stopFD, socketFD: cellar_mhd_connection_fd(connection)
        )
        let retained = Unmanaged.passRetained(session)
        guard let response = MHD_create_response_from_callback(
            UInt64.max, 4096, eventStreamReader, retained.toOpaque(), eventStreamFree
        ) else {
            retained.release()
            hub.disconnect(subscription)
            return .NO
        }
        defer { MHD_destroy_response(response) }
        for header in headers {
            _ = MHD_add_response_header(response, header.name, header.value)
        }
        return MHD_queue_response(connection, 200, response)
    }
}

private extension HTTPResponse.Body {
    /// Closes the file a body not sent would have read.
    func discard() {
        if case .file(let file, _) = self { file.close() }
    }
}

/// A ``FileBody`` window being sent by libmicrohttpd's content-reader callback.
private final class FileStream: Sendable {
    let body: FileBody
    let start: UInt64

    init(body: FileBody, start: UInt64) {
        self.body = body
        self.start = start
    }
}

/// libmicrohttpd's access handler: forwards to the ``DaemonContext`` behind `cls`.
///
/// It answers only once the whole request has arrived: the first call (the head is complete)
/// marks the request as seen in `*requestState` — which holds the URI log callback's
/// ``RequestLine/Mark`` — later calls discard any body. A response queued earlier makes
/// libmicrohttpd close the connection instead of keeping it alive.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, _, uploadSize, requestState in
    guard let cls, let connection, let url, let method, let requestState else { return .NO }
    let context = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
    var mark = RequestLine.Mark(requestState.pointee) ?? RequestLine.Mark(pathLength: strlen(url), endedAtNUL: false)
    if !mark.seen {
        mark.seen = true
        requestState.pointee = mark.pointer
        // Closing: it was closed to make room while its request arrived, and told so with a 503.
        if ConnectionGuard.activity(of: connection)?.enter(.answering, at: .now) == false { return .NO }
        return .YES
    }
    if let uploadSize, uploadSize.pointee > 0 {
        uploadSize.pointee = 0
        return .YES
    }
    return context.handle(connection: connection, url: url, method: method, version: version, mark: mark)
}

/// Appends each key and value libmicrohttpd lists to the `[(key: [UInt8], value: [UInt8]?)]` behind `cls`.
private let collectValue: MHD_KeyValueIterator = { cls, _, key, value in
    guard let cls, let key else { return .YES }
    let list = cls.assumingMemoryBound(to: [(key: [UInt8], value: [UInt8]?)].self)
    let bytes = { (text: UnsafePointer<CChar>) in Array(UnsafeRawBufferPointer(start: text, count: strlen(text))) }
    list.pointee.append((bytes(key), value.map(bytes)))
    return .YES
}

/// Leaves the request target as the client sent it (MHD would percent-decode it, and a
/// decoded `%00` would silently cut the path short); ``RequestPath`` decodes it once, safely.
let keepURLEscaped: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = {
    _, _, text in text.map { strlen($0) } ?? 0
}

/// Notes the raw target before libmicrohttpd cuts it up; the mark becomes the request's state.
let markRequestTarget: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
    _, uri, _ in uri.flatMap { RequestLine.Mark(scanning: $0).pointer }
}

/// Reports each connection opening and closing to the ``ConnectionGuard``, and keeps the
/// connection's ``ConnectionActivity`` (retained) as its socket context in between.
let connectionNotifier: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let connection, let socketContext else { return }
    let connections = Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue().connections
    if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
        socketContext.pointee = Unmanaged.passRetained(connections.opened(connection)).toOpaque()
    } else {
        connections.closed(connection)
        if let activity = socketContext.pointee {
            Unmanaged<ConnectionActivity>.fromOpaque(activity).release()
            socketContext.pointee = nil
        }
    }
}

/// Each finished request (response sent, or abandoned) no longer counts towards its client's
/// share, and leaves its connection idle until the next.
let requestCompletionNotifier: MHD_RequestCompletedCallback = { cls, connection, _, _ in
    guard let cls, let connection else { return }
    Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue().connections.finished(connection)
    ConnectionGuard.activity(of: connection)?.enter(.waiting, at: .now)
}

private let fileStreamReader: MHD_ContentReaderCallback = { cls, position, buffer, max in
    guard let cls, let buffer else { return EventStreamSession.endWithError }
    let stream = Unmanaged<FileStream>.fromOpaque(cls).takeUnretainedValue()
    let destination = UnsafeMutableRawBufferPointer(start: UnsafeMutableRawPointer(buffer), count: max)
    return stream.body.read(at: stream.start + position, into: destination) ?? EventStreamSession.endWithError
}

private let fileStreamFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<FileStream>.fromOpaque(cls).takeRetainedValue().body.close()
}

private let eventStreamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return EventStreamSession.endWithError }
    return Unmanaged<EventStreamSession>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
}

private let eventStreamFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<EventStreamSession>.fromOpaque(cls).takeRetainedValue().finish()
}

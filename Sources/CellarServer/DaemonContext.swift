import CMicroHTTPD
import Glibc

/// What libmicrohttpd's callbacks need, handed to them through the `void *` class pointer
/// with `Unmanaged` (a `@convention(c)` callback cannot capture). Immutable, so any
/// connection thread may use it.
final class DaemonContext: Sendable {
    let router: RequestRouter
    let hub: LiveReloadHub
    /// Readable once the server is stopping; event streams end when it is.
    let stopFD: Int32

    init(router: RequestRouter, hub: LiveReloadHub, stopFD: Int32) {
        self.router = router
        self.hub = hub
        self.stopFD = stopFD
    }

    /// Answers one request: asks the router, then hands the response to the daemon.
    func handle(connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>) -> MHD_Result {
        let rawPath = Array(UnsafeBufferPointer(start: url, count: strlen(url))).map { UInt8(bitPattern: $0) }
        let ifNoneMatch = MHD_lookup_connection_value(connection, .HEADER_KIND, "If-None-Match").map {
            String(cString: $0)
        }
        let response = router.respond(method: String(cString: method), rawPath: rawPath, ifNoneMatch: ifNoneMatch)
        return queue(response, on: connection)
    }
}

private extension DaemonContext {
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
        case .file(let descriptor, let size):
            guard let response = MHD_create_response_from_fd64(size, descriptor) else {
                _ = close(descriptor)
                return nil
            }
            return response
        case .eventStream:
            guard let subscription = hub.connect() else { return nil }
            let session = EventStreamSession(
                hub: hub, connection: subscription, stopFD: stopFD, socketFD: cellar_mhd_connection_fd(connection)
            )
            let retained = Unmanaged.passRetained(session)
            guard let response = MHD_create_response_from_callback(
                UInt64.max, 4096, eventStreamReader, retained.toOpaque(), eventStreamFree
            ) else {
                retained.release()
                hub.disconnect(subscription)
                return nil
            }
            return response
        }
    }
}

/// libmicrohttpd's access handler: forwards to the ``DaemonContext`` behind `cls`.
///
/// It answers only once the whole request has arrived: the first call just marks the request
/// as seen (`*requestState`), later calls discard any body. A response queued earlier makes
/// libmicrohttpd close the connection instead of keeping it alive.
let accessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, _, uploadSize, requestState in
    guard let cls, let connection, let url, let method, let requestState else { return .NO }
    if requestState.pointee == nil {
        requestState.pointee = cls
        return .YES
    }
    if let uploadSize, uploadSize.pointee > 0 {
        uploadSize.pointee = 0
        return .YES
    }
    return Unmanaged<DaemonContext>.fromOpaque(cls).takeUnretainedValue()
        .handle(connection: connection, url: url, method: method)
}

/// Leaves the request target as the client sent it (MHD would percent-decode it, and a
/// decoded `%00` would silently cut the path short); ``RequestPath`` decodes it once, safely.
let keepURLEscaped: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = {
    _, _, text in text.map { strlen($0) } ?? 0
}

private let eventStreamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return EventStreamSession.endWithError }
    return Unmanaged<EventStreamSession>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
}

private let eventStreamFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<EventStreamSession>.fromOpaque(cls).takeRetainedValue().finish()
}

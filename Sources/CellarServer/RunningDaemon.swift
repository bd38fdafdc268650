internal import CMicroHTTPD

/// A started libmicrohttpd daemon and what it borrows.
struct RunningDaemon {
    let daemon: OpaquePointer
    let context: Unmanaged<DaemonContext>
    let stopSignal: WakeupPipe
    let port: UInt16

    static func start(configuration: ServerConfiguration, hub: LiveReloadHub) throws(ServerError) -> RunningDaemon {
        let socket = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        guard let stopSignal = WakeupPipe() else {
            Platform.close(socket.fd)
            throw .startFailed(reason: "cannot create a pipe: \(Platform.errorText)")
        }
        let connections = ConnectionGuard(limits: configuration.limits.fitting(descriptors: Platform.descriptorLimit()))
        do {
            try connections.start()
        } catch {
            Platform.close(socket.fd)
            stopSignal.close()
            throw error
        }
        let context = Unmanaged.passRetained(DaemonContext(
            router: RequestRouter(configuration: configuration), hub: hub, connections: connections,
            stopFD: stopSignal.readFD
        ))
        guard let daemon = startDaemon(listening: socket.fd, context: context, limits: connections.limits) else {
            Platform.close(socket.fd)
            connections.stop()
            stopSignal.close()
            context.release()
            throw .startFailed(reason: "MHD_start_daemon failed")
        }
        return RunningDaemon(daemon: daemon, context: context, stopSignal: stopSignal, port: socket.port)
    }

    /// Wakes the event streams first: `MHD_stop_daemon` joins every connection thread, and a
    /// stream waiting for events would otherwise keep its thread (and so `stop`) waiting.
    func stop() {
        stopSignal.signal()
        MHD_stop_daemon(daemon)
        context.takeUnretainedValue().connections.stop()
        context.release()
        stopSignal.close()
    }

    private static func startDaemon(
        listening fd: Int32, context: Unmanaged<DaemonContext>, limits: ConnectionLimits
    ) -> OpaquePointer? {
        let flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
            | MHD_USE_POLL.rawValue | MHD_USE_ITC.rawValue
        let pointer = context.toOpaque()
        let options: [CVarArg] = [
            Int32(MHD_OPTION.LISTEN_SOCKET.rawValue), fd,
            Int32(MHD_OPTION.UNESCAPE_CALLBACK.rawValue), unsafeBitCast(keepURLEscaped, to: OpaquePointer.self), Int(0),
            Int32(MHD_OPTION.URI_LOG_CALLBACK.rawValue), unsafeBitCast(markRequestTarget, to: OpaquePointer.self), Int(0),
            Int32(MHD_OPTION.NOTIFY_CONNECTION.rawValue), unsafeBitCast(connectionNotifier, to: OpaquePointer.self), OpaquePointer(pointer),
            Int32(MHD_OPTION.NOTIFY_COMPLETED.rawValue), unsafeBitCast(requestCompletionNotifier, to: OpaquePointer.self), OpaquePointer(pointer),
            Int32(MHD_OPTION.CONNECTION_LIMIT.rawValue), UInt32(limits.acceptLimit),
            Int32(MHD_OPTION.CONNECTION_TIMEOUT.rawValue), UInt32(max(1, limits.idleTimeout.components.seconds)),
            Int32(MHD_OPTION.END.rawValue),
        ]
        return withVaList(options) { arguments in
            MHD_start_daemon_va(UInt32(flags), 0, nil, nil, accessHandler, pointer, arguments)
        }
    }
}

import AnnotatedLocking
import CellarEngine
import CellarServer
import Foundation
import Synchronization

/// `cellar serve` without the command line: builds the site into a private temporary folder,
/// serves it, watches content and theme, rebuilds on every change and tells open pages to reload.
/// ``stop()`` releases the port, ends the watcher and removes the folder.
final class PreviewServer: Sendable {
    private let options: BuildOptions
    private let host: String
    private let port: UInt16
    private let terminal: Terminal
    private let timings: Bool
    private let hub = LiveReloadHub()
    private let running = Mutex<Running?>(nil)

    private struct Running {
        var scratch: String
        var server: HTTPServer
        var watcher: FileWatcher?
    }

    /// - Parameter options: the build options; the output folder and base URL are replaced.
    init(options: BuildOptions, host: String, port: UInt16, terminal: Terminal, timings: Bool = false) {
        self.options = options
        self.host = host
        self.port = port
        self.terminal = terminal
        self.timings = timings
    }

    /// Starts serving and watching; returns the site's address (`http://127.0.0.1:1313/`).
    func start() async throws -> String {
        let scratch = try Self.temporaryFolder()
        // Everything the preview writes (the site and the build's spare folder) lives in `scratch`.
        let folder = scratch + "/site"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            throw error
        }
        let server = HTTPServer(configuration: ServerConfiguration(root: folder, host: host, port: port), hub: hub)
        running.withAnnotatedLock { $0 = Running(scratch: scratch, server: server, watcher: nil) }
        let boundPort = try server.start()
        let address = "http://\(host):\(boundPort)/"   // an IPv4 address or localhost (ListenAddress)

        var options = self.options
        options.outputDirectory = folder
        options.baseURL = address
        options.writeMode = .inPlace
        let layout = SiteLayout(options: options)
        let rebuilder = Rebuilder(session: BuildSession(options: options), hub: hub, terminal: terminal, timings: timings)
        await rebuilder.rebuild(changed: nil, stylesheetsOnly: false, first: true)

        let watcher = FileWatcher(roots: [layout.content, layout.themes], quietPeriod: .milliseconds(10),
                                  maxDelay: .milliseconds(150))
        try watcher.start { changes in
            rebuilder.rebuildBlocking(changed: changes.mayHaveMissedChanges ? nil : changes.paths,
                                      stylesheetsOnly: changes.onlyStylesheets)
        }
        running.withAnnotatedLock { $0?.watcher = watcher }
        return address
    }

    /// The private folder everything is written into, while running.
    var scratchFolder: String? {
        running.withAnnotatedLock { $0?.scratch }
    }

    /// The port the server listens on, once started.
    var boundPort: UInt16? {
        running.withAnnotatedLock { $0?.server.boundPort }
    }

    /// ``stop()`` from async code: it waits for the watcher's thread, which may be waiting for a
    /// rebuild that needs a thread of the cooperative pool, so it must not block one of them.
    func stopOffThePool() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread { [self] in
                stop()
                done.resume()
            }.start()
        }
    }

    /// Stops watching and serving and removes the temporary folder. Safe to call more than once.
    func stop() {
        guard let stopped = running.withAnnotatedLock({ state -> Running? in
            defer { state = nil }
            return state
        }) else { return }
        stopped.watcher?.stop()
        stopped.server.stop()
        try? FileManager.default.removeItem(atPath: stopped.scratch)
    }

    private static func temporaryFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/cellar-serve-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return String(cString: made)
    }
}

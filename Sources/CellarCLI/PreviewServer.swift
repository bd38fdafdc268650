import AnnotatedLocking
import CellarEngine
import CellarOutput
import CellarServer
import Foundation
import Synchronization

/// `cellar serve` without the command line: builds the site into a private temporary folder,
/// serves it, watches content, themes and the site's folders that override theme files, rebuilds
/// on every change and tells open pages to reload.
/// ``stop()`` releases the port, ends the watcher and removes the folder.
///
/// The folder is `cellar-serve-<pid>-XXXXXX` in the temporary folder, with a marker file naming
/// the same process: a serve killed with SIGKILL cannot remove it, so each serve first removes
/// the folders whose process is gone — only those whose name, marker, owner and kind all prove
/// they are a dead serve's.
final class PreviewServer: Sendable {
    private let options: BuildOptions
    private let host: String
    private let port: UInt16
    private let terminal: Terminal
    private let timings: Bool
    private let watcherKind: FileWatcherKind
    private let temporaryDirectory: String
    private let hub = LiveReloadHub()
    private let running = Mutex<Running?>(nil)

    private struct Running {
        var scratch: String
        var server: HTTPServer
        var watcher: (any FileWatcher)?
    }

    /// - Parameters:
    ///   - options: the build options; the output folder and base URL are replaced.
    ///   - watcherKind: how changes are noticed (`serve --watcher`).
    ///   - temporaryDirectory: where the private folder goes; the system's by default.
    init(options: BuildOptions, host: String, port: UInt16, terminal: Terminal, timings: Bool = false,
         watcherKind: FileWatcherKind = .native, temporaryDirectory: String = NSTemporaryDirectory()) {
        self.options = options
        self.host = host
        self.port = port
        self.terminal = terminal
        self.timings = timings
        self.watcherKind = watcherKind
        self.temporaryDirectory = temporaryDirectory
    }

    /// Starts serving and watching; returns the site's address (`http://127.0.0.1:1313/`).
    func start() async throws -> String {
        Self.removeAbandonedScratchFolders(in: temporaryDirectory)
        let scratch = try Self.makeScratchFolder(in: temporaryDirectory)
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

        let watcher = watcherKind.makeWatcher(roots: layout.inputFolders, quietPeriod: .milliseconds(10),
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
        guard let stopped = running.withAnnotatedLock({ $0.take() }) else { return }
        stopped.watcher?.stop()
        stopped.server.stop()
        try? FileManager.default.removeItem(atPath: stopped.scratch)
    }

}

extension PreviewServer {
    /// The start of every scratch folder's name; the process id follows.
    static let scratchPrefix = "cellar-serve-"
    /// The marker inside a scratch folder: its text is the owning process id.
    static let scratchMarker = ".cellar-serve-owner"

    /// Makes `cellar-serve-<pid>-XXXXXX` (mode 0700) and its marker.
    static func makeScratchFolder(in directory: String) throws -> String {
        let pid = getpid()
        var template = Array((directory + "/" + scratchPrefix + "\(pid)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: directory])
        }
        let folder = String(cString: made)
        do {
            try Data("\(pid)\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + scratchMarker))
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        return folder
    }

    /// Removes the scratch folders in `directory` left by serves that are no longer running;
    /// returns their paths. A folder is removed only when all of this holds: its name is
    /// `cellar-serve-<pid>-XXXXXX`; it is a real folder (not a symlink) owned by this user; it
    /// holds the marker, a regular file naming the same pid; and no process has that pid.
    @discardableResult
    static func removeAbandonedScratchFolders(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(scratchPrefix) {
            let folder = directory + "/" + name
            guard isAbandoned(folder, named: name) else { continue }
            if (try? FileManager.default.removeItem(atPath: folder)) != nil {
                removed.append(folder)
            }
        }
        return removed
    }

    /// Whether `folder` provably belongs to a serve that is gone.
    private static func isAbandoned(_ folder: String, named name: String) -> Bool {
        let parts = name.dropFirst(scratchPrefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 6, let pid = pid_t(parts[0]), pid > 0 else { return false }
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { return false }
        let marker = folder + "/" + scratchMarker
        guard lstat(marker, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 64,
              let text = try? String(contentsOfFile: marker, encoding: .utf8),
              pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) == pid
        else { return false }
        // Alive, or someone else's (EPERM): keep it.
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}

import AnnotatedLocking
import CellarDiagnostics
import CellarEngine
import CellarOutput
import CellarServer
import Dispatch
import Foundation
import Synchronization

/// `cellar serve`: builds the site into a private folder, serves it, rebuilds on every change and
/// reloads every open page.
struct ServeCommand: Command {
    var site: SiteOptions
    var host: String
    var port: UInt16
    var timings: Bool
    var watcherKind: FileWatcherKind

    init(_ given: GivenOptions, _ arguments: inout ArgumentList) throws(UsageError) {
        site = try SiteOptions(given)
        host = given.value(Self.host) ?? "127.0.0.1"
        let portText = given.value(Self.port) ?? "1313"
        guard let port = UInt16(portText) else {
            throw UsageError("--port must be a number from 0 to 65535, found '\(portText)'")
        }
        self.port = port
        timings = given.flag(Self.timings)
        watcherKind = given.value(Self.watcher) == "poll" ? .polling : .native
    }

    func run(in environment: CommandEnvironment) async -> ExitStatus {
        let terminal = environment.terminal
        Platform.raiseDescriptorLimit()
        let stop = StopSignal()
        let options = site.buildOptions(in: environment)
        let preview = PreviewServer(options: options, host: host, port: port, terminal: terminal, timings: timings,
                                    watcherKind: watcherKind)
        let address: String
        do { address = try await preview.start() } catch {
            terminal.err(terminal.styled("error:", .red) + " \(error)")
            await preview.stopOffThePool()
            return .failure
        }
        if !ServerConfiguration(root: "/", host: host).isLoopback {
            terminal.err(terminal.styled("warning:", .yellow)
                + " listening on \(host): the site is visible to other machines on your network")
        }
        let layout = SiteLayout(options: options)
        terminal.out("Serving \(layout.displayPrefix.isEmpty ? "the site" : layout.displayPrefix) at "
                     + terminal.styledForStdout(address, .bold) + " (drafts \(site.drafts ? "on" : "off"); Ctrl-C stops)")
        await stop.wait()
        await preview.stopOffThePool()
        terminal.out("\nStopped.")
        return .success
    }
}

/// Runs one rebuild at a time and tells the browser what happened.
final class Rebuilder: Sendable {
    private let session: BuildSession
    private let hub: LiveReloadHub
    private let terminal: Terminal
    private let timings: Bool

    init(session: BuildSession, hub: LiveReloadHub, terminal: Terminal, timings: Bool) {
        self.session = session
        self.hub = hub
        self.terminal = terminal
        self.timings = timings
    }

    func rebuild(changed: Set<String>?, stylesheetsOnly: Bool, first: Bool = false) async {
        let clock = ContinuousClock.now
        do throws(BuildFailure) {
            let report = try await session.build(changed: changed)
            let bag = DiagnosticBag(report.diagnostics)
            var printer = DiagnosticPrinter(terminal: terminal, site: session.options.siteDirectory)
            printer.print(bag)
            if first {
                terminal.out("Built \(report.pages) pages from \(report.items) items in "
                             + String(format: "%.0f ms", (ContinuousClock.now - clock).milliseconds))
            } else {
                hub.rebuildSucceeded(stylesheetsOnly: stylesheetsOnly)
                terminal.out(Self.time() + " rebuilt \(report.pages) pages in "
                             + String(format: "%.0f ms", (ContinuousClock.now - clock).milliseconds)
                             + " (\(report.written) written\(report.removed > 0 ? ", \(report.removed) removed" : ""))")
            }
            if timings {
                terminal.out("  " + BuildStage.allCases.compactMap { stage in
                    report.stageDurations[stage].map { "\(stage.rawValue) " + String(format: "%.1f ms", $0.milliseconds) }
                }.joined(separator: ", "))
            }
        } catch {
            var printer = DiagnosticPrinter(terminal: terminal, site: session.options.siteDirectory)
            printer.print(error.diagnostics)
            terminal.err(Self.time() + " " + error.diagnostics.summary + "; the last good site is still served")
            hub.showErrors(error.diagnostics.sorted.filter { $0.severity == .error }.map(\.description))
        }
    }

    /// For the file watcher's thread: rebuilds and waits for the rebuild to finish. Someone is
    /// looking at the browser, waiting: the rebuild goes ahead of background work.
    func rebuildBlocking(changed: Set<String>?, stylesheetsOnly: Bool) {
        let done = DispatchSemaphore(value: 0)
        Task(priority: .userInitiated) {
            await rebuild(changed: changed, stylesheetsOnly: stylesheetsOnly)
            done.signal()
        }
        done.wait()
    }

    private static func time() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }
}

/// Waits for Ctrl-C (SIGINT) or SIGTERM, without letting them kill the process mid-write.
final class StopSignal: Sendable {
    private let sources: Mutex<[any DispatchSourceSignal]>
    private let stream: AsyncStream<Void>

    init() {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        self.stream = stream
        var sources: [any DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            sources.append(source)
        }
        self.sources = Mutex(sources)
    }

    func wait() async {
        for await _ in stream { break }
        sources.withAnnotatedLock { sources in sources.forEach { $0.cancel() } }
    }
}

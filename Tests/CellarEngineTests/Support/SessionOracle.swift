import CellarDiagnostics
@testable import CellarEngine
import CellarFiles
import CellarSiteTestSupport
import Foundation
import Testing

/// Two copies of one site: one kept in a ``BuildSession`` and rebuilt from the paths each edit
/// touched, as `cellar serve` does (or, with `newProcess`, built by a fresh ``SiteBuilder`` each
/// time, as `cellar build` in a new process does, from what its `.cellar-cache` kept), and a mirror
/// built from nothing after every edit. After each edit both must agree: the same files with the
/// same bytes, or the same errors.
final class SessionOracle: Sendable {
    enum Edit: Sendable, CustomStringConvertible {
        case write(String, String)
        /// Bytes rather than text (a photo).
        case writeData(String, Data)
        case remove(String)
        case move(String, to: String)

        var description: String {
            switch self {
            case .write(let path, _), .writeData(let path, _): "write \(path)"
            case .remove(let path): "remove \(path)"
            case .move(let from, let to): "move \(from) → \(to)"
            }
        }
    }

    let served: TemporarySite
    let mirror: TemporarySite
    let session: BuildSession
    /// Whether the session is told the paths each edit touched (as a watcher tells `cellar serve`),
    /// or finds them itself by comparing its ``InputSnapshot``s.
    let tellsPaths: Bool
    /// Whether the served copy is built by a new ``SiteBuilder`` each time (nothing kept in memory).
    let newProcess: Bool

    init(files: [String: String], theme: TemporarySite.Theme = .repository, tellsPaths: Bool = true, newProcess: Bool = false) throws {
        self.tellsPaths = tellsPaths
        served = try TemporarySite(files: files, theme: theme)
        mirror = try TemporarySite(files: files, theme: theme)
        var options = served.options()
        options.writeMode = .inPlace
        session = BuildSession(options: options)
        self.newProcess = newProcess
    }

    /// The first build of both copies; they must agree.
    func start(sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let mismatch = await compare(session: { () async throws(BuildFailure) in try await self.buildServed(changed: nil) })
        #expect(mismatch == nil, "\(mismatch ?? "")", sourceLocation: sourceLocation)
    }

    /// Builds the served copy: in the session, or (``newProcess``) as `cellar build` in a new process would.
    private func buildServed(changed: Set<String>?) async throws(BuildFailure) -> BuildReport {
        guard newProcess else { return try await session.build(changed: changed) }
        return try await SiteBuilder(options: served.options()).build()
    }

    /// Applies `edits` to both copies, rebuilds the session from the paths they touched and the
    /// mirror from nothing.
    /// - Returns: nil when both agree, else what differs; how many files the session wrote, and how
    /// many pages it rendered.
    func apply(_ edits: [Edit]) async throws -> (mismatch: String?, written: Int?, rendered: Int?) {
        var touched: Set<String> = []
        for site in [served, mirror] {
            for edit in edits {
                switch edit {
                case .write(let path, let text):
                    try site.write([path: text])
                case .writeData(let path, let data):
                    try site.write(data, to: path)
                case .remove(let path):
                    try site.remove(path)
                case .move(let from, let to):
                    try FileManager.default.createDirectory(atPath: site.root + "/" + Paths.parent(of: to),
                                                            withIntermediateDirectories: true)
                    try FileManager.default.moveItem(atPath: site.root + "/" + from, toPath: site.root + "/" + to)
                }
            }
        }
        for edit in edits {
            switch edit {
            case .write(let path, _), .writeData(let path, _), .remove(let path): touched.insert(served.root + "/" + path)
            case .move(let from, let to): touched.formUnion([served.root + "/" + from, served.root + "/" + to])
            }
        }
        var written: Int?
        var rendered: Int?
        let mismatch = await compare(session: { () async throws(BuildFailure) in
            let report = try await self.buildServed(changed: self.tellsPaths ? touched : nil)
            written = report.written
            rendered = report.pagesRendered
            return report
        })
        return (mismatch, written, rendered)
    }

    /// Where two versions of a file part first: a few lines of each, to read in a failure.
    static func firstDifference(_ session: Data, _ fresh: Data) -> String {
        let (a, b) = (Array(session), Array(fresh))
        let start = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        func excerpt(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, start - 80)..<min(bytes.count, start + 160)], as: UTF8.self)
        }
        return "\n  session: …\(excerpt(a))…\n  fresh:   …\(excerpt(b))…"
    }

    /// Builds both copies (the mirror with `--clean`) and says how they differ, if they do.
    private func compare(session build: () async throws(BuildFailure) -> BuildReport) async -> String? {
        let incremental: Result<BuildReport, BuildFailure>
        do throws(BuildFailure) { incremental = .success(try await build()) } catch { incremental = .failure(error) }
        var options = mirror.options()
        options.clean = true
        let fresh: Result<BuildReport, BuildFailure>
        do throws(BuildFailure) {
            fresh = .success(try await SiteBuilder(options: options).build())
        } catch {
            fresh = .failure(error)
        }
        switch (incremental, fresh) {
        case (.success(let a), .success(let b)):
            let served = self.served.snapshot(), mirrored = mirror.snapshot()
            let missing = Set(mirrored.keys).subtracting(served.keys).sorted()
            let extra = Set(served.keys).subtracting(mirrored.keys).sorted()
            let differing = mirrored.filter { served[$0.key] != nil && served[$0.key] != $0.value }.keys.sorted()
            let headlines = (self.served.lines(a.diagnostics), mirror.lines(b.diagnostics))
            if missing.isEmpty, extra.isEmpty, differing.isEmpty, headlines.0 == headlines.1 { return nil }
            return "outputs differ — missing \(missing.prefix(5)), extra \(extra.prefix(5)), differing \(differing.prefix(5))"
                + (headlines.0 == headlines.1 ? "" : "; diagnostics \(headlines.0) vs \(headlines.1)")
                + (differing.first { [".html", ".xml", ".json"].contains(where: $0.hasSuffix) }.map { file in Self.firstDifference(served[file] ?? Data(), mirrored[file] ?? Data()) } ?? "")
        case (.failure(let a), .failure(let b)):
            let (one, two) = (served.lines(a.diagnostics.diagnostics), mirror.lines(b.diagnostics.diagnostics))
            return one == two ? nil : "both failed, differently: \(one) vs \(two)"
        case (.success, .failure(let b)):
            return "the session built, the fresh build failed: \(mirror.lines(b.diagnostics.diagnostics).prefix(3))"
        case (.failure(let a), .success):
            return "the session failed, the fresh build did not: \(served.lines(a.diagnostics.diagnostics).prefix(3))"
        }
    }
}

private extension TemporarySite {
    /// Diagnostics as printed, sorted, with the site's folder left out (the two copies live apart).
    func lines(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { $0.headline.replacingOccurrences(of: root + "/", with: "") }.sorted()
    }
}

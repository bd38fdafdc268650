import CellarDefaultTheme
import CellarDiagnostics
import CellarEngine
@testable import CellarImport
import Foundation
import Testing

/// A temporary folder holding a copy of a fixture site (`source/`, every file dated
/// ``fixedModification``) and, after ``importSite(_:keepFields:replace:)``, the new Cellar site (`site/`).
final class ImportWorkspace: Sendable {
    let root: String
    var source: String { root + "/source" }
    var site: String { root + "/site" }

    /// 2024-01-01: the date the fixture's files carry, so drafts dated by their file are stable.
    static let fixedModification = Date(timeIntervalSince1970: 1_704_067_200)
    /// "Now" for imports and builds: 2025-01-01, so the fixtures' 2026 post is in the future.
    static let now = Date(timeIntervalSince1970: 1_735_689_600)

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    /// - Parameter fixture: a folder of `Fixtures/`, or nil for an empty source with `files`.
    init(fixture: String?, files: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-import-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        if let fixture {
            let from = Self.fixtures + "/" + fixture
            for path in try FileManager.default.subpathsOfDirectory(atPath: from) {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: from + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue,
                      let data = FileManager.default.contents(atPath: from + "/" + path) else { continue }
                try write(data, to: "source/" + path)
            }
        }
        for (path, text) in files { try write(Data(text.utf8), to: "source/" + path) }
        for path in try FileManager.default.subpathsOfDirectory(atPath: source) {
            try FileManager.default.setAttributes([.modificationDate: Self.fixedModification], ofItemAtPath: source + "/" + path)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func options(_ dialect: SourceDialect, keepFields: Bool = false, replace: Bool = false) -> ImportOptions {
        ImportOptions(dialect: dialect, source: "source", destination: "site", theme: (DefaultTheme.name, DefaultTheme.files),
                      workingDirectory: root, replace: replace, keepFields: keepFields, now: Self.now)
    }

    /// Imports `source/` into `site/`.
    @discardableResult
    func importSite(_ dialect: SourceDialect, keepFields: Bool = false, replace: Bool = false) async throws(Diagnostic) -> ImportReport {
        try await SiteImporter(options: options(dialect, keepFields: keepFields, replace: replace)).run()
    }

    /// Builds the new site into `site/public/`.
    @discardableResult
    func build() async throws(BuildFailure) -> BuildReport {
        try await SiteBuilder(options: BuildOptions(siteDirectory: site, now: Self.now)).build()
    }

    /// The text of a file of the new site (`content/_index.md`, `public/about/index.html`).
    func read(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        try #require(try? String(contentsOfFile: site + "/" + path, encoding: .utf8), "site/\(path) is missing",
                     sourceLocation: sourceLocation)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: site + "/" + path) }

    /// Every file under a folder of the new site, relative to it, sorted.
    func files(under folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: site + "/" + folder)) ?? []).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: site + "/" + folder + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    /// Every file of the source with its bytes, to prove an import left it alone.
    func sourceSnapshot() throws -> [String: Data] {
        var snapshot: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: source) {
            if let data = FileManager.default.contents(atPath: source + "/" + path) { snapshot[path] = data }
        }
        return snapshot
    }

    /// The notes of a report as `file:line:column: action: message`, the workspace's folder left out.
    static func lines(_ notes: [ImportNote]) -> [String] {
        notes.map(\.headline)
    }
}

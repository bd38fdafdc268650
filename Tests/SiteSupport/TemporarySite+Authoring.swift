import CellarDefaultTheme
import CellarDiagnostics
import CellarAuthoring
import CellarEngine
import Foundation
import Testing

extension TemporarySite {
    /// A site made by `cellar new site` (dated ``fixedNow``), with `files` written on top.
    package static func scaffolded(_ files: [String: String] = [:]) throws -> TemporarySite {
        let site = try TemporarySite(theme: .none)
        _ = try SiteScaffolder(directory: site.root, theme: (DefaultTheme.name, DefaultTheme.files), now: fixedNow).scaffold()
        try site.write(files)
        return site
    }

    /// `cellar new <kind> <target>` in this site, "now" being ``fixedNow``.
    @discardableResult
    package func newItem(_ kind: String, at target: String, title: String? = nil) throws(DiagnosticBag) -> ItemScaffolder.Result {
        try ItemScaffolder(options: options()).scaffold(kind: kind, at: target, title: title)
    }

    /// The diagnostics `new <kind>` refuses with, as printed, paths relative to the site.
    package func newItemFailure(_ kind: String, at target: String, title: String? = nil) -> [String] {
        do {
            try newItem(kind, at: target, title: title)
            return []
        } catch {
            return error.diagnostics.map { relative($0.description) }
        }
    }

    /// `cellar check` of this site.
    package func check(drafts: Bool = false) async -> CheckReport {
        await SiteChecker(options: options(drafts: drafts)).check()
    }

    /// Every diagnostic of `cellar check` as printed (with hints), paths relative to the site.
    package func checkDiagnostics() async -> [String] {
        await check().diagnostics.map { relative($0.description) }
    }

    /// The text of a file of the site.
    package func read(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        try #require(try? String(contentsOfFile: root + "/" + path, encoding: .utf8), "\(path) is missing",
                     sourceLocation: sourceLocation)
    }
}

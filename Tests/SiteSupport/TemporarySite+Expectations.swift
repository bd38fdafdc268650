import CellarDiagnostics
import CellarEngine
import Foundation
import Testing

extension TemporarySite {
    /// Text with this site's temporary folder removed from paths, so messages read as they do for
    /// someone who builds from inside the site folder (`content/reviews/dune.md:4:9: …`).
    package func relative(_ text: String) -> String {
        text.replacingOccurrences(of: root + "/", with: "")
    }

    /// Builds with Swift kinds registered next to the theme's (see ``swiftKinds(_:)``).
    @discardableResult
    package func build(kinds: KindRegistrations, drafts: Bool = false, baseURL: String? = nil) async throws(BuildFailure) -> BuildReport {
        try await SiteBuilder(options: options(drafts: drafts, baseURL: baseURL, kinds: kinds)).build()
    }

    /// The Swift kinds `register` registers on this site, as ``Site`` registers them.
    package func swiftKinds(_ register: (inout Site) -> Void) -> KindRegistrations {
        var site = Site(at: root)
        register(&site)
        return site.kinds
    }

    /// Every diagnostic of a build as printed (`path:line:col: severity: message` and the hint line),
    /// sorted, with paths relative to the site: the errors of a failed build, else its warnings and notes.
    package func diagnostics(drafts: Bool = false, future: Bool = false, baseURL: String? = nil,
                     kinds: KindRegistrations = KindRegistrations()) async -> [String] {
        do {
            let report = try await SiteBuilder(options: options(drafts: drafts, future: future, baseURL: baseURL, kinds: kinds))
                .build()
            return report.diagnostics.map { relative($0.description) }
        } catch {
            return error.diagnostics.sorted.map { relative($0.description) }
        }
    }

    /// Expects a build to fail with exactly these diagnostics (see ``diagnostics(drafts:future:baseURL:kinds:)``).
    package func expectFailure(
        _ expected: [String], drafts: Bool = false, future: Bool = false, kinds: KindRegistrations = KindRegistrations(),
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async {
        do {
            _ = try await SiteBuilder(options: options(drafts: drafts, future: future, kinds: kinds)).build()
            Issue.record("the build succeeded; expected \(expected.count) diagnostic(s)", sourceLocation: sourceLocation)
        } catch {
            let actual = error.diagnostics.sorted.map { relative($0.description) }
            #expect(actual == expected, sourceLocation: sourceLocation)
        }
    }

    /// The text of an output file that must exist.
    package func page(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        try #require(output(path), "public/\(path) was not written", sourceLocation: sourceLocation)
    }

    /// Every output file whose text contains `needle`, relative to `public/`, sorted.
    package func outputFiles(containing needle: String) -> [String] {
        snapshot().compactMap { path, data in
            String(decoding: data, as: UTF8.self).contains(needle) ? path : nil
        }.sorted()
    }
}

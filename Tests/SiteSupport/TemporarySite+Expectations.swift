import CellarDiagnostics
@testable import CellarEngine
import Foundation
import Testing

extension TemporarySite {
    /// A site made from `Fixtures/Sites/<name>/` (its files on top of the theme), plus `files`.
    convenience init(fixture name: String, files: [String: String] = [:], theme: Theme = .minimal) throws {
        try self.init(theme: theme)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Sites/\(name)").path
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder])
        }
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory),
                  !isDirectory.boolValue, let data = FileManager.default.contents(atPath: folder + "/" + path) else { continue }
            try write(data, to: path)
        }
        try write(files)
    }

    /// Text with this site's temporary folder removed from paths, so messages read as they do for
    /// someone who builds from inside the site folder (`content/reviews/dune.md:4:9: …`).
    func relative(_ text: String) -> String {
        text.replacingOccurrences(of: root + "/", with: "")
    }

    /// Builds with Swift kinds registered next to the theme's (see ``swiftKinds(_:)``).
    @discardableResult
    func build(kinds: KindRegistrations, drafts: Bool = false, baseURL: String? = nil) async throws(BuildFailure) -> BuildReport {
        try await SiteBuilder(options: options(drafts: drafts, baseURL: baseURL, kinds: kinds)).build()
    }

    /// The Swift kinds `register` registers on this site, as ``Site`` registers them.
    func swiftKinds(_ register: (inout Site) -> Void) -> KindRegistrations {
        var site = Site(at: root)
        register(&site)
        return site.kinds
    }

    /// Every diagnostic of a build as printed (`path:line:col: severity: message` and the hint line),
    /// sorted, with paths relative to the site: the errors of a failed build, else its warnings and notes.
    func diagnostics(drafts: Bool = false, future: Bool = false, baseURL: String? = nil,
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
    func expectFailure(
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
    func page(_ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        try #require(output(path), "public/\(path) was not written", sourceLocation: sourceLocation)
    }

    /// Every output file whose text contains `needle`, relative to `public/`, sorted.
    func outputFiles(containing needle: String) -> [String] {
        snapshot().compactMap { path, data in
            String(decoding: data, as: UTF8.self).contains(needle) ? path : nil
        }.sorted()
    }
}

/// Small readers for the HTML the test theme writes.
enum HTML {
    /// The texts between each `open` marker and the `close` marker after it, in order.
    static func slices(of html: String, between open: String, and close: String) -> [String] {
        var result: [String] = []
        var rest = Substring(html)
        while let start = rest.range(of: open) {
            rest = rest[start.upperBound...]
            guard let end = rest.range(of: close) else { break }
            result.append(String(rest[..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return result
    }

    /// The titles of the minimal theme's note cells (`<li class="note">Title</li>`), in order.
    static func noteTitles(_ html: String) -> [String] {
        slices(of: html, between: "<li class=\"note\">", and: "</li>")
    }

    /// The group headings of a list page (`<h2>2024</h2>`), in order.
    static func groupTitles(_ html: String) -> [String] {
        slices(of: html, between: "<h2>", and: "</h2>")
    }
}

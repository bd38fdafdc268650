@testable import CellarEngine
import Foundation
import Testing

/// Replays every input the fuzzers ever crashed on (`Fuzz/regressions/<harness>/`), and the seeds,
/// through the same entry points the harnesses call: each must return without crashing.
@Suite struct FuzzRegressionTests {
    static func inputs(_ harness: String, folders: [String] = ["regressions", "seeds"]) -> [String] {
        folders.flatMap { folder -> [String] in
            let path = TemporarySite.repository + "/Fuzz/\(folder)/\(harness)"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
        }
    }

    static func bytes(_ path: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: path) ?? Data())
    }

    @Test func frontMatterInputs() {
        for path in Self.inputs("frontmatter") { FuzzingEntryPoints.frontMatter(Self.bytes(path)) }
    }

    @Test func mustacheInputs() {
        for path in Self.inputs("mustache") { FuzzingEntryPoints.mustache(Self.bytes(path)) }
    }

    @Test func markdownInputs() {
        for path in Self.inputs("markdown") { FuzzingEntryPoints.markdown(Self.bytes(path)) }
    }

    @Test func siteInputs() async {
        // Whole builds are slower: the regressions, and a handful of seeds.
        for path in Self.inputs("site", folders: ["regressions"]) + Self.inputs("site", folders: ["seeds"]).prefix(5) {
            await FuzzingEntryPoints.site(Self.bytes(path))
        }
    }
}

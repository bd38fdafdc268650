@testable import CellarEngine
import CellarFuzzing
import CellarSiteTestSupport
import Foundation
import Testing

/// Replays every input the fuzzers ever crashed on (`Fuzz/regressions/<harness>/`), and the seeds
/// (`Fuzz/seeds/<harness>/` and the folders `Fuzz/seed-folders` names), through the same entry
/// points the harnesses call: each must return without crashing.
@Suite struct FuzzRegressionTests {
    static func inputs(_ harness: String, folders: [String] = ["regressions", "seeds"]) -> [String] {
        var paths = folders.map { TemporarySite.repository + "/Fuzz/\($0)/\(harness)" }
        if folders.contains("seeds") { paths += seedFolders(harness) }
        return paths.flatMap { path -> [String] in
            let names = (FileManager.default.subpaths(atPath: path) ?? []).filter { name in
                var isFolder: ObjCBool = false
                return !name.split(separator: "/").contains { $0.hasPrefix(".") }
                    && FileManager.default.fileExists(atPath: path + "/" + name, isDirectory: &isFolder) && !isFolder.boolValue
            }
            return names.sorted().map { path + "/" + $0 }
        }
    }

    /// The repository folders `Fuzz/seed-folders` lists for `harness`, as Fuzz/run reads them.
    static func seedFolders(_ harness: String) -> [String] {
        let list = (try? String(contentsOfFile: TemporarySite.repository + "/Fuzz/seed-folders", encoding: .utf8)) ?? ""
        return list.split(separator: "\n").compactMap { line in
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2, !line.hasPrefix("#"), fields[0] == harness else { return nil }
            return TemporarySite.repository + "/" + fields[1]
        }
    }

    static func bytes(_ path: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: path) ?? Data())
    }

    @Test func frontMatterInputs() {
        let paths = Self.inputs("frontmatter")
        #expect(paths.count > 8, "the seeds and the folders of Fuzz/seed-folders are found")
        for path in paths { FuzzingEntryPoints.frontMatter(Self.bytes(path)) }
    }

    @Test func mustacheInputs() {
        let paths = Self.inputs("mustache")
        #expect(paths.count > 8, "the seeds and the folders of Fuzz/seed-folders are found")
        for path in paths { FuzzingEntryPoints.mustache(Self.bytes(path)) }
    }

    @Test func markdownInputs() {
        let paths = Self.inputs("markdown")
        #expect(paths.count > 8, "the seeds and the folders of Fuzz/seed-folders are found")
        for path in paths { FuzzingEntryPoints.markdown(Self.bytes(path)) }
    }

    @Test func siteInputs() async {
        // Whole builds are slower: the regressions, and a handful of seeds.
        for path in Self.inputs("site", folders: ["regressions"]) + Self.inputs("site", folders: ["seeds"]).prefix(5) {
            await FuzzingEntryPoints.site(Self.bytes(path))
        }
    }
}

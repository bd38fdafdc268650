import CellarMustache
import Foundation
import Testing

/// Runs every case of the official Mustache spec (core modules, inheritance and dynamic names).
@Suite struct SpecConformanceTests {
    /// `MUSTACHE_SPEC_DIR` when set, then `../shared/specs/mustache` beside the package root.
    static let candidateFolders: [String] = {
        // …/<root>/Tests/CellarMustacheTests/SpecConformanceTests.swift → …/<root>/../shared/specs/mustache
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let beside = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/specs/mustache").standardized.path
        let fromEnvironment = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"].map { [$0] } ?? []
        return fromEnvironment.filter { !$0.isEmpty } + [beside]
    }()

    /// The first candidate folder that exists.
    static let specFolder: String? = candidateFolders.first { folder in
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    @Test(.enabled(
        if: specFolder != nil,
        "Mustache spec folder not found at \(candidateFolders.joined(separator: " or ")); set MUSTACHE_SPEC_DIR"))
    func everySpecCasePasses() throws {
        let folder = try #require(Self.specFolder)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(!files.isEmpty, "no *.json spec files in \(folder)")
        var passed = 0
        var failed = 0
        let skipped = 0
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(file))
            let spec = try JSONDecoder().decode(SpecFile.self, from: data)
            for test in spec.tests {
                let library = MustacheLibrary(loader: DictionaryLoader(test.partials ?? [:]), missingPartials: .renderEmpty)
                let output: String
                do {
                    output = try MustacheTemplate(source: test.template, name: test.name)
                        .render(test.data.mustacheValue, library: library)
                } catch {
                    failed += 1
                    Issue.record("\(file) — \(test.name): threw \(error)")
                    continue
                }
                if output == test.expected {
                    passed += 1
                } else {
                    failed += 1
                    #expect(output == test.expected, "\(file) — \(test.name): \(test.desc)")
                }
            }
        }
        print("Mustache spec: \(passed) passed, \(failed) failed, \(skipped) skipped")
    }
}

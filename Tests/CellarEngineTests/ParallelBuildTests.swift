@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// A build parses, renders and writes on every core. With enough items and pages that every stage
/// runs in several chunks at once (items in chunks of 16, pages of 64), two builds of the same site
/// write the same bytes, and an incremental rebuild writes what a fresh build writes. Under
/// `swift test --sanitize=thread` this is the test that makes ThreadSanitizer watch the shared
/// state of a build: the output writer, the date formatters, the template cache.
@Suite struct ParallelBuildTests {
    static let count = 400

    static func files(titleSuffix: String = "") -> [String: String] {
        var files = [
            "content/_index.md": Fixture.site("kind: article\n"),
            "content/posts/_index.md": "---\ntitle: Posts\npaginate: 7\ngroup_by: month\n---\n",
            "content/notes/_index.md": "---\ntitle: Notes\nkind: note\nsort: title\norder: asc\n---\n",
        ]
        let tags = ["swift", "linux", "web", "cells", "lists", "yaml"]
        for index in 0..<count {
            let section = index % 3 == 0 ? "notes" : "posts"
            let day = 1 + index % 28, month = 1 + index % 12
            files["content/\(section)/item-\(index).md"] = """
                ---
                title: Item \(index)\(index % 10 == 0 ? titleSuffix : "")
                date: 2024-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)
                tags: [\(tags[index % tags.count]), \(tags[(index / 7) % tags.count])]
                ---
                Paragraph \(index) with *emphasis*, a [link](/posts/) and `code`.

                ```swift
                let item = \(index) // highlighted on every core at once
                ```

                - one
                - two

                """
        }
        return files
    }

    @Test func twoBuildsOnEveryCoreWriteTheSameBytes() async throws {
        let first = try TemporarySite(files: Self.files(), theme: .repository)
        let second = try TemporarySite(files: Self.files(), theme: .repository)
        async let one = first.build()
        async let two = second.build()
        let reports = try await (one, two)
        #expect(reports.0.written > Self.count)
        let a = first.snapshot(), b = second.snapshot()
        #expect(a.count == b.count)
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.filter { b[$0.key] != $0.value }.keys.sorted() == [])
    }

    @Test func anIncrementalRebuildWritesWhatAFreshBuildWrites() async throws {
        let site = try TemporarySite(files: Self.files(), theme: .repository)
        try await site.build()
        let edited = Self.files(titleSuffix: " (edited)")
        try site.write(edited.filter { $0.key.hasPrefix("content/") && $0.value.contains("(edited)") })
        let rebuild = try await site.build()
        #expect(rebuild.written > 0 && rebuild.written < Self.count)
        let fresh = try TemporarySite(files: edited, theme: .repository)
        try await fresh.build()
        let a = site.snapshot(), b = fresh.snapshot()
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.filter { b[$0.key] != $0.value }.keys.sorted() == [])
    }
}

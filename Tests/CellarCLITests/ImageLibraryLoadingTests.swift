import Foundation
import Testing

/// libvips, and the hundred libraries it links, are opened at run time the first time a photo is
/// processed: a site without photos never loads them. Checked on the built `cellar` in a process
/// of its own, by the dynamic loader's own account of what it opened (`LD_DEBUG=files`, glibc).
@Suite struct ImageLibraryLoadingTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The libraries the loader opened while `cellar build` built `site`.
    private static func librariesOpened(building site: String) async throws -> [String] {
        let outcome = try await CellarProcess.run(["build", "--site", site], environment: ["LD_DEBUG": "files"])
        #expect(outcome.status == 0 && !outcome.signalled, "\(outcome.err)")
        // `   1234:	file=libvips.so.42 [0];  dynamically loaded by …`
        return outcome.err.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "file=") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " })
        }
    }

    @Test(.enabled(if: CellarProcess.executable != nil, "no built cellar beside the tests"))
    func aSiteWithoutPhotosNeverLoadsLibvipsAndOneWithAPhotoDoes() async throws {
        let folder = try TemporaryFolder()
        let site = folder.path + "/site"
        #expect(try await CellarProcess.run(["new", "site", site]).status == 0)
        let withoutPhotos = try await Self.librariesOpened(building: site)
        #expect(withoutPhotos.contains("libcmark.so.0.30.2"), "the loader said nothing: \(withoutPhotos)")
        #expect(!withoutPhotos.contains { $0.hasPrefix("libvips") }, "\(withoutPhotos)")

        try FileManager.default.createDirectory(atPath: site + "/content/posts/door", withIntermediateDirectories: true)
        try Data("---\ntitle: A door\ndate: 2026-05-01\n---\n\n![a red door](door.jpg)\n".utf8)
            .write(to: URL(fileURLWithPath: site + "/content/posts/door/index.md"))
        try FileManager.default.copyItem(atPath: Self.repository + "/Tests/CellarImagesTests/Fixtures/plain.jpg",
                                         toPath: site + "/content/posts/door/door.jpg")
        let withAPhoto = try await Self.librariesOpened(building: site)
        #expect(withAPhoto.contains("libvips.so.42"), "\(withAPhoto)")
    }
}

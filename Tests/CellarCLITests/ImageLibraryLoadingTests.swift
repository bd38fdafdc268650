import CellarTestSupport
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

    /// Without libvips every photo fails the same way: the build says so once, at the first photo,
    /// with how many others it could not process and the package to install. The library is hidden
    /// in a mount namespace of the build's own (an empty file bound over it), so the loader fails.
    @Test(.enabled(if: CellarProcess.executable != nil && Mounting.isPermitted, "needs the built cellar and permission to mount (root)"))
    func aMissingLibraryIsOneErrorForAllThePhotos() async throws {
        let folder = try TemporaryFolder()
        let site = folder.path + "/site"
        #expect(try await CellarProcess.run(["new", "site", site]).status == 0)
        for name in ["a", "b", "c"] {
            try FileManager.default.createDirectory(atPath: site + "/content/posts/\(name)", withIntermediateDirectories: true)
            try Data("---\ntitle: Photo \(name)\nkind: photo\nimage: \(name).jpg\n---\n".utf8)
                .write(to: URL(fileURLWithPath: site + "/content/posts/\(name)/index.md"))
            try FileManager.default.copyItem(atPath: Self.repository + "/Tests/CellarImagesTests/Fixtures/plain.jpg",
                                             toPath: site + "/content/posts/\(name)/\(name).jpg")
        }
        let hide = #"mount --bind /dev/null "$(realpath "$(ldconfig -p | awk '/libvips\.so\.42 /{print $NF; exit}')")" && exec "$0" "$@""#
        let outcome = try await CellarProcess.run(["build", "--site", site], prefix: ["/usr/bin/unshare", "-m", "/bin/sh", "-c", hide])
        #expect(outcome.status == 1, "\(outcome.err)")
        let errors = outcome.err.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 1, "\(outcome.err)")
        #expect(errors.first?.contains("/site/content/posts/a/index.md:4:8: error: image 'posts/a/a.jpg' and 2 other images: "
                                        + "libvips is needed to process images and cannot be loaded: ") == true, "\(outcome.err)")
        #expect(outcome.err.contains("hint: install it: apt-get install libvips42"))
        #expect(!FileManager.default.fileExists(atPath: site + "/public"))
    }
}

import Foundation
import Testing
@testable import CellarServer

@Suite struct StaticFileResolverTests {
    let site: SiteFixture
    let resolver: StaticFileResolver

    init() throws {
        site = try SiteFixture()
        resolver = StaticFileResolver(root: site.root)
    }

    /// Every way out of the root we know of; each must be refused (403 or 400), never served.
    static let attacks = [
        "/../etc/passwd",
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/%2E%2e/secret.txt",
        "/%2E%2E%2Fsecret.txt",
        "/..%2fsecret.txt",
        "/..%2Fsecret.txt",
        "/%252e%252e/secret.txt",
        "/%252e%252e%252fsecret.txt",
        "/..\\secret.txt",
        "/..\\etc\\passwd",
        "/%5c..%5csecret.txt",
        "/%5C..%5Csecret.txt",
        "/index.html%00.png",
        "/%00",
        "//etc/passwd",
        "//secret.txt",
        "/posts//../../secret.txt",
        "/a/../../etc/passwd",
        "/posts/../../secret.txt",
        "/./../secret.txt",
        "/%c0%ae%c0%ae/secret.txt",
        "/%c0%af..%c0%afsecret.txt",
        "/%e0%80%ae%e0%80%ae/secret.txt",
        "/%ff%fe",
        "/%2",
        "/%zz",
        "/leak.txt",
        "/outside/secret.txt",
        "/loop-a",
        "/loop-b/x",
        "etc/passwd",
        "/with space.txt",
        "/\u{1}",
    ]

    @Test(arguments: attacks)
    func attackIsRefused(_ path: String) {
        let resolution = resolver.resolve(path)
        #expect(resolution == .forbidden || resolution == .badRequest, "\(path) resolved to \(resolution)")
    }

    @Test func rawNonUTF8BytesAreRefused() {
        #expect(resolver.resolve(rawBytes: [UInt8(ascii: "/"), 0xC0, 0xAE]) == .badRequest)
        #expect(resolver.resolve(rawBytes: [UInt8(ascii: "/"), 0]) == .badRequest, "a raw NUL is not a path")
    }

    @Test func rootServesItsIndex() {
        #expect(resolver.resolve("/") == .file(path: realPath(site.root + "/index.html"), mimeType: .html))
    }

    @Test func folderWithSlashServesIndex() {
        #expect(resolver.resolve("/posts/") == .file(path: realPath(site.root + "/posts/index.html"), mimeType: .html))
        #expect(resolver.resolve("/posts/hello/?page=2") == .file(
            path: realPath(site.root + "/posts/hello/index.html"), mimeType: .html
        ))
    }

    @Test func folderWithoutSlashRedirectsKeepingTheQuery() {
        #expect(resolver.resolve("/posts") == .redirect(location: "/posts/"))
        #expect(resolver.resolve("/posts?") == .redirect(location: "/posts/"))
        #expect(resolver.resolve("/posts/hello?x=1&y=2#top") == .redirect(location: "/posts/hello/?x=1&y=2"))
        #expect(resolver.resolve("/caf%C3%A9") == .redirect(location: "/caf%C3%A9/"))
        #expect(resolver.resolve(rawBytes: Array("/posts?a=\u{E9}\r\nSet-Cookie: x".utf8))
            == .redirect(location: "/posts/?a=%C3%A9%0D%0ASet-Cookie:%20x"), "nothing that could end the header")
    }

    @Test func folderWithoutIndexIsNotListed() {
        #expect(resolver.resolve("/drafts/") == .notFound)
        #expect(resolver.resolve("/drafts") == .notFound)
    }

    @Test func missingFilesAreNotFound() {
        #expect(resolver.resolve("/nope.html") == .notFound)
        #expect(resolver.resolve("/posts/nope/") == .notFound)
        #expect(resolver.resolve("/style.css/") == .notFound)
        #expect(StaticFileResolver(root: site.root + "/missing").resolve("/") == .notFound)
    }

    @Test func hiddenFilesAreNotServedButWellKnownIs() {
        #expect(resolver.resolve("/.env") == .notFound)
        #expect(resolver.resolve("/%2eenv") == .notFound)
        #expect(resolver.resolve("/.well-known/security.txt") == .file(
            path: realPath(site.root + "/.well-known/security.txt"), mimeType: .text
        ))
    }

    @Test func encodedNamesAreDecodedOnce() {
        #expect(resolver.resolve("/with%20space.txt") == .file(path: realPath(site.root + "/with space.txt"), mimeType: .text))
        #expect(resolver.resolve("/caf%C3%A9/") == .file(path: realPath(site.root + "/café/index.html"), mimeType: .html))
    }

    @Test func symlinkInsideTheRootIsServedByItsRealPath() {
        #expect(resolver.resolve("/home.html") == .file(path: realPath(site.root + "/index.html"), mimeType: .html))
    }

    @Test func specialFilesAreForbidden() throws {
        let fifo = site.root + "/pipe.txt"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(resolver.resolve("/pipe.txt") == .forbidden)
    }

    private func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}

@testable import CellarImport
import Testing

/// The `:name` scanner Hugo's and Jekyll's permalink rules share.
@Suite struct PermalinkTokensTests {
    private static let values = ["year": "2024", "title": "hello-world", "output_ext": ".html"]

    private static func jekyll(_ pattern: String) -> Result<String, PermalinkTokens.UnknownName> {
        PermalinkTokens.expand(pattern, isNameCharacter: { ("a"..."z").contains($0) || $0 == "_" }) { name in
            if let value = values[name] { return (value, name.count) }
            if name.hasSuffix("_"), let value = values[String(name.dropLast())] { return (value, name.count - 1) }
            return nil
        }
    }

    @Test func namesAreReplacedAndTheRestKeptAsWritten() throws {
        #expect(try Self.jekyll("/blog/:year/:title:output_ext").get() == "/blog/2024/hello-world.html")
    }

    @Test func aNameMayStandForFewerCharactersThanTheRunAfterTheColon() throws {
        // Jekyll reads `:title_x` as `:title` then `_x` only when it knows no `title_x`: here it does not.
        #expect(throws: PermalinkTokens.UnknownName.self) { try Self.jekyll("/:title_x/").get() }
        #expect(try Self.jekyll("/:title_/").get() == "/hello-world_/")
    }

    @Test(arguments: [("/:flavour/", "flavour"), ("/a:/", ""), ("/:", "")])
    func theFirstUnknownNameIsTheFailure(_ pattern: String, _ name: String) {
        guard case .failure(let unknown) = Self.jekyll(pattern) else { Issue.record("\(pattern) expanded"); return }
        #expect(unknown.name == name)
    }
}

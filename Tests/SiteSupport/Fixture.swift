/// Front matter snippets for tests.
package enum Fixture {
    package static let site = "---\ntitle: Test site\nbase_url: https://example.org/\n---\nWelcome.\n"

    package static func section(_ title: String, kind: String, extra: String = "") -> String {
        "---\ntitle: \(title)\nkind: \(kind)\n\(extra)---\n"
    }
}

extension Fixture {
    /// Site settings with extra lines (`timezone: Europe/Paris\n`).
    package static func site(_ extra: String) -> String {
        "---\ntitle: Test site\nbase_url: https://example.org/\n\(extra)---\nWelcome.\n"
    }

    /// An item file: front matter lines, then a body.
    package static func item(_ frontMatter: String, body: String = "") -> String {
        "---\n\(frontMatter)---\n\(body)"
    }
}

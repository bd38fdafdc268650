/// Front matter snippets for tests.
enum Fixture {
    static let site = "---\ntitle: Test site\nbase_url: https://example.org/\n---\nWelcome.\n"

    static func section(_ title: String, kind: String, extra: String = "") -> String {
        "---\ntitle: \(title)\nkind: \(kind)\n\(extra)---\n"
    }
}

extension Fixture {
    /// Site settings with extra lines (`timezone: Europe/Paris\n`).
    static func site(_ extra: String) -> String {
        "---\ntitle: Test site\nbase_url: https://example.org/\n\(extra)---\nWelcome.\n"
    }

    /// An item file: front matter lines, then a body.
    static func item(_ frontMatter: String, body: String = "") -> String {
        "---\n\(frontMatter)---\n\(body)"
    }
}

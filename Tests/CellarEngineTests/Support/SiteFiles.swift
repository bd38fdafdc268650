/// Front matter snippets for tests.
enum Fixture {
    static let site = "---\ntitle: Test site\nbase_url: https://example.org/\n---\nWelcome.\n"

    static func section(_ title: String, kind: String, extra: String = "") -> String {
        "---\ntitle: \(title)\nkind: \(kind)\n\(extra)---\n"
    }
}

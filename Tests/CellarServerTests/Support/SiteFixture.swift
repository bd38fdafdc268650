import Foundation

/// The folder most server tests serve, next to a "secret" file outside it.
final class SiteFixture {
    /// Holds `site/` (the root) and `secret.txt` beside it.
    let parent: TemporaryFolder
    var root: String { parent.path("site") }

    init() throws {
        parent = try TemporaryFolder(files: [
            "secret.txt": "TOP SECRET",
            "site/index.html": "<!doctype html><html><head><link rel=\"stylesheet\" href=\"/style.css\"></head><body><h1>Home</h1></body></html>",
            "site/style.css": "body { color: black; }",
            "site/app.js": "console.log('hi');",
            "site/data.json": "{\"a\": 1}",
            "site/feed.xml": "<feed/>",
            "site/robots.txt": "User-agent: *",
            "site/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "site/photo.jpg": "JPEGDATA",
            "site/photo.png": "PNGDATA",
            "site/font.woff2": "WOFF2",
            "site/module.wasm": "WASM",
            "site/app.js.map": "{}",
            "site/archive.bin": "BIN",
            "site/404.html": "<html><body><p>Lost?</p></body></html>",
            "site/posts/index.html": "<html><BODY><p>Posts</p></BODY></html>",
            "site/posts/hello/index.html": "<p>Hello, no body tag</p>",
            "site/caf\u{e9}/index.html": "<p>Caf\u{e9}</p>",
            "site/with space.txt": "spaced",
            "site/.env": "SECRET=1",
            "site/.well-known/security.txt": "Contact: me",
            "site/drafts/notes.txt": "no index here",
            "site/evil.com/index.html": "<p>A folder named like a host</p>",
        ])
        try parent.symlink("site/leak.txt", to: parent.path("secret.txt"))
        try parent.symlink("site/outside", to: parent.path(""))
        try parent.symlink("site/loop-a", to: parent.path("site/loop-b"))
        try parent.symlink("site/loop-b", to: parent.path("site/loop-a"))
        try parent.symlink("site/home.html", to: "index.html")
    }
}

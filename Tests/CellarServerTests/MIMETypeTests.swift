import Testing
@testable import CellarServer

@Suite struct MIMETypeTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"),
        ("old.HTM", "text/html; charset=utf-8"),
        ("style.css", "text/css; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"),
        ("app.mjs", "text/javascript; charset=utf-8"),
        ("feed.json", "application/json; charset=utf-8"),
        ("rss.xml", "application/xml; charset=utf-8"),
        ("robots.txt", "text/plain; charset=utf-8"),
        ("logo.svg", "image/svg+xml; charset=utf-8"),
        ("a.png", "image/png"),
        ("a.jpg", "image/jpeg"),
        ("a.JPEG", "image/jpeg"),
        ("a.gif", "image/gif"),
        ("a.webp", "image/webp"),
        ("a.avif", "image/avif"),
        ("favicon.ico", "image/x-icon"),
        ("f.woff", "font/woff"),
        ("f.woff2", "font/woff2"),
        ("doc.pdf", "application/pdf"),
        ("v.mp4", "video/mp4"),
        ("v.webm", "video/webm"),
        ("s.mp3", "audio/mpeg"),
        ("m.wasm", "application/wasm"),
        ("app.js.map", "application/json; charset=utf-8"),
        ("archive.bin", "application/octet-stream"),
        ("Makefile", "application/octet-stream"),
        (".htaccess", "application/octet-stream"),
        ("/site/dir.d/README", "application/octet-stream"),
    ])
    func typeFollowsTheExtension(_ name: String, _ header: String) {
        #expect(MIMEType(fileName: name).headerValue == header)
    }
}

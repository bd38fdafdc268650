import Foundation
internal import CellarEscaping

/// The sitemap, robots.txt and alias redirects.
enum SiteFiles {
    static func sitemap(_ entries: [(url: String, lastModified: Date?)], dates: DateFormatting) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for entry in entries {
            xml += "<url><loc>\(Escaping.xml(entry.url))</loc>"
            if let date = entry.lastModified { xml += "<lastmod>\(dates.iso(date))</lastmod>" }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }

    static func robots(sitemap: String) -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(sitemap)\n"
    }

    /// A page at an old URL that sends people and crawlers to the new one.
    static func redirect(to target: String, language: String) -> String {
        let url = Escaping.htmlText(target)
        return """
            <!DOCTYPE html>
            <html lang="\(Escaping.htmlText(language))">
            <head>
            <meta charset="utf-8">
            <title>Redirecting…</title>
            <link rel="canonical" href="\(url)">
            <meta name="robots" content="noindex">
            <meta http-equiv="refresh" content="0; url=\(url)">
            </head>
            <body>
            <p>This page has moved to <a href="\(url)">\(url)</a>.</p>
            </body>
            </html>

            """
    }
}

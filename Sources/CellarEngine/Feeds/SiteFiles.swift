import Foundation
internal import CellarEscaping

/// The sitemap, robots.txt and alias redirects.
enum SiteFiles {
    struct SitemapEntry {
        var url: String
        var lastModified: Date?
        /// On a multilingual site, the page in every language it is in, then `x-default`.
        var alternates: [(hreflang: String, url: String)] = []
    }

    static func sitemap(_ entries: [SitemapEntry], dates: DateFormatting) -> String {
        let multilingual = entries.contains { !$0.alternates.isEmpty }
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"\(multilingual ? " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"" : "")>

            """
        for entry in entries {
            xml += "<url><loc>\(Escaping.xml(entry.url))</loc>"
            if let date = entry.lastModified { xml += "<lastmod>\(dates.iso(date))</lastmod>" }
            for alternate in entry.alternates {
                xml += "<xhtml:link rel=\"alternate\" hreflang=\"\(Escaping.xml(alternate.hreflang))\" href=\"\(Escaping.xml(alternate.url))\"/>"
            }
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

import Foundation
internal import CellarEscaping

/// RSS 2.0.
enum RSSFeedWriter {
    static func write(_ feed: FeedDocument, dates: DateFormatting) -> String {
        let e = { (text: String) in Escaping.xml(text) }
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
            <channel>
            <title>\(e(feed.title))</title>
            <link>\(e(feed.homeURL))</link>
            <description>\(e(feed.description.isEmpty ? feed.title : feed.description))</description>
            <language>\(e(feed.language))</language>
            <lastBuildDate>\(dates.rfc822(feed.updated))</lastBuildDate>
            <generator>\(e(feed.generator))</generator>
            <atom:link href="\(e(feed.selfURLs["rss.xml"] ?? ""))" rel="self" type="application/rss+xml"/>

            """
        for entry in feed.entries {
            xml += """
                <item>
                <title>\(e(entry.title))</title>
                <link>\(e(entry.link))</link>
                <guid isPermaLink="\(entry.id.contains("#") ? "false" : "true")">\(e(entry.id))</guid>
                <pubDate>\(dates.rfc822(entry.published))</pubDate>

                """
            for tag in entry.tags { xml += "<category>\(e(tag))</category>\n" }
            xml += "<description>\(e(entry.contentHTML))</description>\n</item>\n"
        }
        return xml + "</channel>\n</rss>\n"
    }
}

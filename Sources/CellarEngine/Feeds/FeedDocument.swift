import Foundation

/// What a feed describes: its title, where it lives and the entries, newest first.
struct FeedDocument: Sendable {
    var title: String
    var description: String
    /// The HTML page the feed belongs to (absolute).
    var homeURL: String
    /// The feed's own URLs, by format file name (`feed.xml`, `rss.xml`, `feed.json`), absolute.
    var selfURLs: [String: String]
    var language: String
    var author: String
    var entries: [FeedEntry]
    var generator: String

    /// The newest entry's date: feeds change only when content does.
    var updated: Date { entries.map(\.updated).max() ?? Date(timeIntervalSince1970: 0) }
}

/// Atom 1.0 (RFC 4287).
enum AtomFeedWriter {
    static func write(_ feed: FeedDocument, dates: DateFormatting) -> String {
        let e = { (text: String) in HTMLEscaping.escape(HTMLEscaping.xmlSafe(text)) }
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(e(feed.language))">
            <title>\(e(feed.title))</title>

            """
        if !feed.description.isEmpty { xml += "<subtitle>\(e(feed.description))</subtitle>\n" }
        xml += """
            <link href="\(e(feed.homeURL))" rel="alternate" type="text/html"/>
            <link href="\(e(feed.selfURLs["feed.xml"] ?? ""))" rel="self" type="application/atom+xml"/>
            <id>\(e(feed.homeURL))</id>
            <updated>\(dates.iso(feed.updated))</updated>
            <author><name>\(e(feed.author))</name></author>
            <generator version="\(CellarVersion.current)">Cellar</generator>

            """
        for entry in feed.entries {
            xml += """
                <entry>
                <title>\(e(entry.title))</title>
                <link href="\(e(entry.link))" rel="alternate" type="text/html"/>
                <id>\(e(entry.id))</id>
                <published>\(dates.iso(entry.published))</published>
                <updated>\(dates.iso(entry.updated))</updated>

                """
            if !entry.summary.isEmpty { xml += "<summary>\(e(entry.summary))</summary>\n" }
            for tag in entry.tags { xml += "<category term=\"\(e(tag))\"/>\n" }
            xml += "<content type=\"html\">\(e(entry.contentHTML))</content>\n</entry>\n"
        }
        return xml + "</feed>\n"
    }
}

/// RSS 2.0.
enum RSSFeedWriter {
    static func write(_ feed: FeedDocument, dates: DateFormatting) -> String {
        let e = { (text: String) in HTMLEscaping.escape(HTMLEscaping.xmlSafe(text)) }
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

/// JSON Feed 1.1, written by hand so keys keep a stable order.
enum JSONFeedWriter {
    static func write(_ feed: FeedDocument, dates: DateFormatting) -> String {
        let q = JSONString.quote
        var json = "{\n"
        json += "  \"version\": \"https://jsonfeed.org/version/1.1\",\n"
        json += "  \"title\": \(q(feed.title)),\n"
        json += "  \"home_page_url\": \(q(feed.homeURL)),\n"
        json += "  \"feed_url\": \(q(feed.selfURLs["feed.json"] ?? "")),\n"
        if !feed.description.isEmpty { json += "  \"description\": \(q(feed.description)),\n" }
        json += "  \"language\": \(q(feed.language)),\n"
        json += "  \"authors\": [{\"name\": \(q(feed.author))}],\n"
        json += "  \"items\": ["
        for (index, entry) in feed.entries.enumerated() {
            json += index == 0 ? "\n" : ",\n"
            json += "    {\n"
            json += "      \"id\": \(q(entry.id)),\n"
            json += "      \"url\": \(q(entry.link)),\n"
            json += "      \"title\": \(q(entry.title)),\n"
            if !entry.summary.isEmpty { json += "      \"summary\": \(q(entry.summary)),\n" }
            if let image = entry.imageURL { json += "      \"image\": \(q(image)),\n" }
            if !entry.tags.isEmpty { json += "      \"tags\": [\(entry.tags.map(q).joined(separator: ", "))],\n" }
            json += "      \"date_published\": \(q(dates.iso(entry.published))),\n"
            json += "      \"date_modified\": \(q(dates.iso(entry.updated))),\n"
            json += "      \"content_html\": \(q(entry.contentHTML))\n"
            json += "    }"
        }
        json += feed.entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return json
    }
}

/// JSON string literals.
enum JSONString {
    static func quote(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

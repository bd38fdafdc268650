import Foundation
internal import CellarEscaping

/// Atom 1.0 (RFC 4287).
enum AtomFeedWriter {
    static func write(_ feed: FeedDocument, dates: DateFormatting) -> String {
        let e = { (text: String) in Escaping.xml(text) }
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
            let language = entry.language == feed.language ? "" : " xml:lang=\"\(e(entry.language))\""
            xml += """
                <entry\(language)>
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

import Foundation
internal import CellarEscaping

/// JSON Feed 1.1, written by hand so keys keep a stable order.
enum JSONFeedWriter {
    static func write(_ feed: FeedDocument, dates: DateFormatting) -> String {
        let q = Escaping.jsonString
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
            if entry.language != feed.language { json += "      \"language\": \(q(entry.language)),\n" }
            json += "      \"date_published\": \(q(dates.iso(entry.published))),\n"
            json += "      \"date_modified\": \(q(dates.iso(entry.updated))),\n"
            json += "      \"content_html\": \(q(entry.contentHTML))\n"
            json += "    }"
        }
        json += feed.entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return json
    }
}

import Foundation

/// Where Hugo (0.111, as Debian ships it) publishes a page: its `url:`, else its section's
/// `[permalinks]` pattern, else its folders and its `slug:` or file name, each urlized and the whole
/// lower-cased (`disablePathToLower` keeps case; `uglyURLs` ends pages in `.html`).
struct HugoURLRules: URLRules {
    /// Top-level section → pattern (`post = "/:year/:month/:day/:slug/"`).
    var permalinks: [String: String] = [:]
    var uglyURLs = false
    /// `[uglyURLs]` as a table: top-level section → whether its pages end in `.html` (others: ``uglyURLs``).
    var uglySections: [String: Bool] = [:]

    /// Whether the pages of a top-level section end in `.html`.
    func isUgly(_ section: String) -> Bool {
        uglySections[section.lowercased()] ?? uglyURLs
    }
    var lowercase = true
    var timeZone: TimeZone

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]
    private static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    func url(of document: SourceDocument, fields: MappedFields) -> (url: String?, problem: String?) {
        if let written = fields.url?.value {
            var url = URLPaths.clean("/" + written)
            if !URLPaths.isFolder(url), URLPaths.fileExtension(url).isEmpty { url += "/" }
            return (url, nil)
        }
        let folders = document.contentFolder.split(separator: "/").map { HugoPath.urlize(String($0), lowercase: lowercase) }
        switch document.role {
        case .homeIndex:
            return ("/", nil)
        case .sectionIndex:
            return (URLPaths.clean("/" + folders.joined(separator: "/") + "/"), nil)
        case .post, .page:
            let section = document.contentFolder.split(separator: "/").first.map(String.init) ?? ""
            if let pattern = permalinks[section], !section.isEmpty {
                return expand(pattern, document: document, fields: fields)
            }
            let name = HugoPath.urlize(fields.slug?.value ?? document.fileSlug, lowercase: lowercase)
            let path = "/" + (folders + [name]).joined(separator: "/")
            return (URLPaths.clean(isUgly(section) ? path + ".html" : path + "/"), nil)
        }
    }

    /// Whether Hugo 0.111 reads a date written so: ISO dates with a two-digit month and day, times
    /// with seconds, RFC 1123 and `02 Jan 2006` (found by running it).
    static func reads(_ written: String) -> Bool {
        let forms = [
            #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#,
            #"^[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-9]{1,2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)? ?(Z|[+-][0-9]{2}:?[0-9]{2})?( [A-Z]{3,5})?$"#,
            #"^[A-Z][a-z]{2}, [0-9]{2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} ([A-Z]{3,5}|[+-][0-9]{4})$"#,
            #"^[0-9]{2} [A-Z][a-z]{2} [0-9]{4}$"#,
        ]
        return forms.contains { written.range(of: $0, options: .regularExpression) != nil }
    }

    /// Expands a `[permalinks]` pattern with the page's date in the zone it was written in.
    private func expand(_ pattern: String, document: SourceDocument, fields: MappedFields) -> (url: String?, problem: String?) {
        // A date Hugo cannot read (`2024-4-2`) is no date to it: the page sits at year 1, January 1st.
        let date = fields.date?.value.written.map(Self.reads) == false ? nil : fields.date?.value
        let day = date.map { $0.calendarDay(in: timeZone, ownZone: true) } ?? (1, 1, 1)
        let title = HugoPath.urlize(fields.title ?? "", lowercase: lowercase)
        let sections = document.contentFolder.split(separator: "/").map(String.init)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = date.map { $0.offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone } ?? timeZone
        let instant = date?.instant(in: timeZone) ?? Date(timeIntervalSince1970: -62_135_596_800)
        let expanded = PermalinkTokens.expand(pattern, isNameCharacter: \.isLetter) { token -> (text: String, length: Int)? in
            let text: String
            switch token {
            case "year": text = String(day.0)   // Go prints the year as a number: 1 for a page without a date
            case "month": text = String(format: "%02d", day.1)
            case "monthname": text = Self.monthNames[day.1 - 1]
            case "day": text = String(format: "%02d", day.2)
            case "weekday": text = String(calendar.component(.weekday, from: instant) - 1)
            case "weekdayname": text = Self.weekdayNames[calendar.component(.weekday, from: instant) - 1]
            case "yearday": text = String(calendar.ordinality(of: .day, in: .year, for: instant) ?? 1)
            case "section": text = sections.first ?? ""
            case "sections": text = sections.joined(separator: "/")
            case "title": text = title
            case "slug": text = fields.slug.map { HugoPath.urlize($0.value, lowercase: lowercase) } ?? title
            case "filename", "contentbasename": text = HugoPath.urlize(document.fileSlug, lowercase: lowercase)
            case "slugorfilename", "slugorcontentbasename": text = HugoPath.urlize(fields.slug?.value ?? document.fileSlug, lowercase: lowercase)
            default: return nil
            }
            return (text, token.count)
        }
        let result: String
        switch expanded {
        case .success(let text): result = text
        case .failure(let unknown): return (nil, "the permalink '\(pattern)' uses ':\(unknown.name)', which Hugo 0.111 does not know")
        }
        var url = URLPaths.clean("/" + result)
        if lowercase { url = url.lowercased() }
        if !URLPaths.isFolder(url), URLPaths.fileExtension(url).isEmpty { url += isUgly(sections.first ?? "") ? ".html" : "/" }
        return (url, nil)
    }
}

import Foundation

/// Where Jekyll (4.x) publishes a document: its `permalink:` (front matter or defaults), else its
/// collection's permalink, else the site's `permalink:` style (`date`, `pretty`, `ordinal`, `none`,
/// `weekdate` or a pattern), with placeholders filled as Jekyll's URL drop fills them.
struct JekyllURLRules: URLRules {
    /// The site's `permalink:` (default `date`).
    var style = "date"
    /// Collection label → its `permalink:`, when set.
    var collectionPermalinks: [String: String] = [:]
    var timeZone: TimeZone

    static let styles = [
        "none": "/:categories/:title:output_ext",
        "date": "/:categories/:year/:month/:day/:title:output_ext",
        "ordinal": "/:categories/:year/:y_day/:title:output_ext",
        "pretty": "/:categories/:year/:month/:day/:title/",
        "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
    ]

    /// The posts' template: the style's pattern, or the style itself when it is a pattern.
    var postTemplate: String { collectionPermalinks["posts"] ?? Self.styles[style] ?? style }

    /// `template` with the ending the style gives pages and collections (`/` for pretty, `.html` for date…).
    func withSuffix(_ template: String) -> String {
        switch style {
        case "pretty": return template + "/"
        case "date", "ordinal", "none", "weekdate": return template + ":output_ext"
        default:
            if style.hasSuffix("/") { return template + "/" }
            if style.hasSuffix(":output_ext") { return template + ":output_ext" }
            return template
        }
    }

    func url(of document: SourceDocument, fields: MappedFields) -> (url: String?, problem: String?) {
        let outputExtension = ".html"
        switch document.role {
        case .homeIndex:
            return ("/", nil)
        case .sectionIndex:
            return (nil, nil)
        case .page:
            // Pages know only :path, :basename and :output_ext; any other word stays as written.
            let folder = URLPaths.segments(document.contentFolder).joined(separator: "/")
            let basename = document.fileSlug
            let template = fields.url?.value
                ?? (basename == "index" ? "/:path/" : withSuffix("/:path/:basename"))
            var url = template
            for (key, value) in [("path", folder), ("basename", basename), ("output_ext", outputExtension)] {
                url = url.replacingOccurrences(of: ":" + key, with: value)
            }
            return (Self.sanitize(url), nil)
        case .post:
            let collection = document.collection ?? "posts"
            let template = fields.url?.value ?? (collection == "posts" ? postTemplate
                : collectionPermalinks[collection] ?? withSuffix("/:collection/:path"))
            return expand(template, document: document, fields: fields, collection: collection, outputExtension: outputExtension)
        }
    }

    private func expand(_ template: String, document: SourceDocument, fields: MappedFields, collection: String,
                        outputExtension: String) -> (url: String?, problem: String?) {
        let date = fields.date?.value.instant(in: timeZone) ?? document.modified ?? Date(timeIntervalSince1970: 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.firstWeekday = 2            // ISO weeks, as strftime's %V and %G count them
        calendar.minimumDaysInFirstWeek = 4
        let formatter = DateFormatter()   // one per document, not one per token
        formatter.calendar = calendar
        formatter.locale = calendar.locale
        formatter.timeZone = timeZone
        func format(_ pattern: String) -> String {
            formatter.dateFormat = pattern
            return formatter.string(from: date)
        }
        let slugSource = fields.slug?.value ?? document.fileSlug
        var categories: [String] = []
        for category in (document.pathCategories + fields.categories).map({ $0.lowercased() }) where !categories.contains(category) {
            categories.append(category)
        }
        let values: [String: String] = [
            "year": format("yyyy"), "month": format("MM"), "day": format("dd"), "hour": format("HH"),
            "minute": format("mm"), "second": format("ss"), "i_day": format("d"), "i_month": format("M"),
            "short_month": format("MMM"), "long_month": format("MMMM"), "short_year": format("yy"),
            "y_day": format("DDD"), "w_year": format("YYYY"), "week": format("ww"), "w_day": String((calendar.component(.weekday, from: date) + 5) % 7 + 1),
            "short_day": format("EEE"), "long_day": format("EEEE"),
            "title": JekyllSlug.slugify(slugSource, mode: .pretty, cased: true),
            "slug": JekyllSlug.slugify(slugSource),
            "name": JekyllSlug.slugify(document.fileSlug),
            "categories": categories.joined(separator: "/"),
            "slugified_categories": categories.map { JekyllSlug.slugify($0) }.joined(separator: "/"),
            "collection": collection, "path": document.collectionPath, "output_ext": outputExtension,
        ]
        let expanded = PermalinkTokens.expand(template, isNameCharacter: { ("a"..."z").contains($0) || $0 == "_" }) { name in
            if let value = values[name] { return (value, name.count) }
            // `:title_` is `:title` then `_` when Jekyll knows no `title_`.
            if name.hasSuffix("_"), let value = values[String(name.dropLast())] { return (value, name.count - 1) }
            return nil
        }
        let result: String
        switch expanded {
        case .success(let text): result = text
        case .failure(let unknown): return (nil, "the permalink '\(template)' uses ':\(unknown.name)', which Jekyll does not know")
        }
        return (Self.sanitize(result), nil)
    }

    /// Jekyll's `sanitize_url`: a leading `/`, `..` turned into `/`, `./` removed, slashes squeezed.
    static func sanitize(_ url: String) -> String {
        var result = ("/" + url).replacingOccurrences(of: "..", with: "/").replacingOccurrences(of: "./", with: "")
        while result.contains("//") { result = result.replacingOccurrences(of: "//", with: "/") }
        return result
    }
}

/// Jekyll's `Utils.slugify`.
enum JekyllSlug {
    enum Mode { case `default`, pretty }

    static func slugify(_ text: String, mode: Mode = .default, cased: Bool = false) -> String {
        var result = ""
        var pendingHyphen = false
        for character in text {
            let kept = character.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
                    || scalar.properties.generalCategory == .nonspacingMark
                    || scalar.properties.generalCategory == .spacingMark
                    || scalar.properties.generalCategory == .enclosingMark
            } || (mode == .pretty && "._~!$&'()+,;=@".contains(character))
            if kept {
                if pendingHyphen, !result.isEmpty { result.append("-") }
                pendingHyphen = false
                result.append(character)
            } else {
                pendingHyphen = true
            }
        }
        return cased ? result : result.lowercased()
    }

    /// `hello-world` → `Hello World`, as Jekyll titles a post without a title.
    static func titleize(_ slug: String) -> String {
        slug.split(separator: "-", omittingEmptySubsequences: false).map { word in
            word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined(separator: " ")
    }
}

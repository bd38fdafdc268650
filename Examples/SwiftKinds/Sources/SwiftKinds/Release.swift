import CellarEngine
import Foundation

/// A version of a piece of software and what changed in it: the theme's `release` kind, declared in Swift.
struct Release: Kind {
    var version: String
    var changes: [InlineMarkdown]
    var breaking: Bool
    var download: URL?

    static let description = "A version of a piece of software and what changed in it."
    static let fields = [
        // init(from:) checks versions, so Cellar needs a valid one to decode the type from when it learns its fields.
        KindField("version", description: "Version number, e.g. 1.4.0", minimum: 1, maximum: 40, example: "1.0.0"),
        KindField("changes", description: "What changed, one line each (inline Markdown)", minimumItems: 1),
        KindField("breaking", description: "Whether it breaks compatibility", default: "false"),
        KindField("download", description: "Where to get it"),
    ]

    /// Versions are numbers and dots, checked here: Cellar reports the problem at the value.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(String.self, forKey: .version)
        changes = try container.decode([InlineMarkdown].self, forKey: .changes)
        breaking = try container.decode(Bool.self, forKey: .breaking)
        download = try container.decodeIfPresent(URL.self, forKey: .download)
        guard version.split(separator: ".").allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container,
                                                   debugDescription: "must be numbers separated by dots, such as 1.4.0")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case version, changes, breaking, download
    }
}

/// A release in a list: its version, a warning when it breaks things, and its changes.
struct ReleaseCell: CellTemplate {
    func render(_ item: Item<Release>, into html: inout HTML) {
        let release = item.fields
        html.element("article", ["class": "cell cell-release", "id": item.anchor, "data-drawn-by": "swift"]) { html in
            html.element("header", ["class": "release-head"]) { html in
                html.element("span", ["class": "version"], text: release.version)
                if release.breaking {
                    html.element("span", ["class": "badge badge-warning"], text: item.themeText("breaking") ?? "Breaking")
                }
                html.element("h3", ["class": "cell-title"]) { html in
                    html.element("a", ["href": item.url], text: item.title)
                }
                if let date = item.date {
                    html.element("time", ["class": "cell-meta", "datetime": item.format(date, .iso)], text: item.format(date))
                }
            }
            html.element("ul", ["class": "changes"]) { html in
                for change in release.changes {
                    html.element("li") { $0.raw(change) }
                }
            }
        }
        html.raw("\n")
    }
}

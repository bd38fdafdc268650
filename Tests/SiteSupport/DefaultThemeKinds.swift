import CellarEngine
import Foundation

/// The default theme's `review` kind (`themes/default/kinds/review.yml`), declared in Swift.
package struct DefaultThemeReview: Kind {
    package enum Verdict: String, Decodable, CaseIterable, Sendable { case mustSee = "must-see", good, skip }

    package var rating: Int
    package var poster: ImagePath?
    package var verdict: Verdict?
    package var subject: String?
    package var year: Int?
    package var by: String?

    package static let name = "review"
    package static let description = "A review of a film, book, album or thing, with a rating out of ten."
    package static let fields = [
        KindField("rating", description: "Score out of ten", minimum: 0, maximum: 10),
        KindField("poster", description: "Poster or cover art"),
        KindField("verdict", description: "The short answer", valueLabels: ["must-see": "Must see", "good": "Good", "skip": "Skip"]),
        KindField("subject", description: "What is reviewed, if not the title"),
        KindField("year", description: "Year it came out", minimum: 1800, maximum: 2200),
        KindField("by", description: "Director, author or artist"),
    ]
}

/// The default theme's `release` kind, declared in Swift.
package struct DefaultThemeRelease: Kind {
    package var version: String
    package var changes: [InlineMarkdown]
    package var breaking: Bool
    package var download: URL?

    package static let name = "release"
    package static let description = "A version of a piece of software and what changed in it."
    package static let fields = [
        KindField("version", description: "Version number, e.g. 1.4.0", minimum: 1, maximum: 40),
        KindField("changes", description: "What changed, one line each (inline Markdown)", minimumItems: 1),
        KindField("breaking", description: "Whether it breaks compatibility", default: "false"),
        KindField("download", description: "Where to get it"),
    ]
}

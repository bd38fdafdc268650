import CellarEngine

/// A review with a rating out of ten: the theme's `review` kind, declared in Swift.
struct Review: Kind {
    /// The short answer, one of three.
    enum Verdict: String, Decodable, CaseIterable, Sendable {
        case mustSee = "must-see", good, skip
    }

    var rating: Int
    var poster: ImagePath?
    var verdict: Verdict?
    var by: String?
    var year: Int?

    static let description = "A review of a film, book or album, with a rating out of ten."
    static let fields = [
        KindField("rating", description: "Score out of ten", minimum: 0, maximum: 10),
        KindField("poster", description: "Poster or cover art"),
        KindField("verdict", description: "The short answer",
                  valueLabels: ["must-see": "Must see", "good": "Good", "skip": "Skip"]),
        KindField("by", description: "Director, author or artist"),
        KindField("year", description: "Year it came out", minimum: 1800, maximum: 2200),
    ]
}

extension Review.Verdict {
    /// How pages name the verdict.
    var label: String {
        switch self {
        case .mustSee: "Must see"
        case .good: "Good"
        case .skip: "Skip"
        }
    }
}

/// A review in a list: poster, title, stars and verdict — the markup of the theme's
/// `cells/review.html`, so the theme's stylesheet draws it, marked as drawn by Swift.
struct ReviewCell: CellTemplate {
    func render(_ item: Item<Review>, into html: inout HTML) {
        let review = item.fields
        html.element("article", ["class": "cell cell-review" + (review.poster == nil ? "" : " has-media"),
                                 "id": item.anchor, "data-drawn-by": "swift"]) { html in
            if let poster = review.poster {
                html.element("a", ["class": "cell-poster", "href": item.url, "tabindex": "-1", "aria-hidden": "true"]) { html in
                    html.void("img", ["src": poster.url, "alt": "", "loading": "lazy"])
                }
            }
            html.element("div", ["class": "cell-body"]) { html in
                html.element("h3", ["class": "cell-title"]) { html in
                    html.element("a", ["href": item.url], text: item.title)
                }
                html.element("p", ["class": "rating"]) { html in
                    html.element("span", ["class": "stars", "style": "--rating: \(review.rating)", "aria-hidden": "true"]) { _ in }
                    html.element("span", ["class": "rating-number"]) { html in
                        html.text(review.rating)
                        html.element("span", ["class": "rating-max"], text: "/10")
                    }
                    if let verdict = review.verdict {
                        html.raw(" ")
                        html.element("span", ["class": "badge verdict-\(verdict.rawValue)"], text: verdict.label)
                    }
                }
                if !item.summary.isEmpty {
                    html.element("p", ["class": "cell-summary"], text: item.summary)
                }
                if let date = item.date {
                    html.element("p", ["class": "cell-meta"]) { html in
                        if let by = review.by {
                            html.text(by + (review.year.map { ", \($0)" } ?? ""))
                            html.element("span", ["class": "dot", "aria-hidden": "true"], text: "·")
                        }
                        html.element("time", ["datetime": item.format(date, .iso)], text: item.format(date))
                    }
                }
            }
        }
        html.raw("\n")
    }
}

/// The part of a review's page particular to reviews: the rating, verdict and who made the
/// thing reviewed. The theme's `layouts/item.html` draws the rest of the page around it.
struct ReviewPage: PageTemplate {
    func render(_ item: Item<Review>, into html: inout HTML) {
        let review = item.fields
        html.element("div", ["class": "review-card", "data-drawn-by": "swift"]) { html in
            if let poster = review.poster {
                html.void("img", ["class": "review-poster", "src": poster.url, "alt": "Poster of \(item.title)"])
            }
            html.element("dl", ["class": "review-facts"]) { html in
                html.element("dt", text: "Rating")
                html.element("dd") { html in
                    html.element("span", ["class": "stars", "style": "--rating: \(review.rating)", "aria-hidden": "true"]) { _ in }
                    html.raw(" ")
                    html.element("strong", text: String(review.rating))
                    html.text("/10")
                }
                if let verdict = review.verdict {
                    html.element("dt", text: "Verdict")
                    html.element("dd") { html in
                        html.element("span", ["class": "badge verdict-\(verdict.rawValue)"], text: verdict.label)
                    }
                }
                if let by = review.by {
                    html.element("dt", text: "By")
                    html.element("dd", text: by + (review.year.map { ", \($0)" } ?? ""))
                }
            }
        }
    }
}

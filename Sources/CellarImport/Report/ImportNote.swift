import CellarDiagnostics

/// One line of an import's report: something converted, kept, dropped or left out, or a problem,
/// with its place in the source site.
package struct ImportNote: Sendable, Hashable {
    /// What the importer did.
    package enum Action: String, Sendable, Hashable, CaseIterable, Codable {
        /// Rewritten into Cellar's form (a date, a template tag, a URL rule).
        case converted
        /// Carried over as it was, or kept with a change the user should know of.
        case kept
        /// A value Cellar has no place for, not carried over.
        case dropped
        /// A file or folder not carried over (templates, knitr leftovers…).
        case leftOut = "left-out"
        /// Something that could not be imported: left visibly in place or lost; the user must act.
        case problem
    }

    /// What the note is about.
    package enum Topic: String, Sendable, Hashable, CaseIterable, Codable {
        case post, page, section, file, field, date, url, template, link, setting, markup
    }

    package var action: Action
    package var topic: Topic
    package var message: String
    /// Where in the source site (`_posts/2020-01-02-a.md:4:7`), when the note has a place.
    package var location: SourceLocation?
    package var hint: String?

    package init(_ action: Action, _ topic: Topic, _ message: String, at location: SourceLocation? = nil, hint: String? = nil) {
        self.action = action
        self.topic = topic
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// `_posts/a.md:4:7: converted: …` — the form compilers use, with the action for a severity.
    package var headline: String {
        (location.map { "\($0): " } ?? "") + "\(action.rawValue): \(message)"
    }
}

/// What an import counts, in the order its report lists them.
package enum ImportCount: String, Sendable, Hashable, CaseIterable, Codable {
    case posts, drafts, pages, sections
    case filesCopied = "files_copied"
    case filesLeftOut = "files_left_out"
    case fieldsMapped = "fields_mapped"
    case fieldsKept = "fields_kept"
    case fieldsDropped = "fields_dropped"
    case datesConverted = "dates_converted"
    case datesUnreadable = "dates_unreadable"
    case urlsKept = "urls_kept"
    case urlsVerified = "urls_verified"
    case urlsConfirmed = "urls_confirmed"
    case urlsRedirected = "urls_redirected"
    case urlsChanged = "urls_changed"
    case templateTagsConverted = "template_tags_converted"
    case templateTagsLeft = "template_tags_left"
    case outsidePrefixes = "outside_prefixes"
    case brokenLinks = "broken_links"

    /// How the printed summary names it.
    package var label: String {
        switch self {
        case .posts: "posts"
        case .drafts: "of them drafts"
        case .pages: "pages"
        case .sections: "sections"
        case .filesCopied: "files copied"
        case .filesLeftOut: "files left out"
        case .fieldsMapped: "fields mapped to Cellar's"
        case .fieldsKept: "fields kept (--keep-fields)"
        case .fieldsDropped: "fields dropped"
        case .datesConverted: "dates rewritten"
        case .datesUnreadable: "dates that could not be read"
        case .urlsKept: "URLs kept exactly (as the source's rules give them)"
        case .urlsVerified: "of them found there in the new site as cellar check built it"
        case .urlsConfirmed: "old URLs confirmed in the source's built site"
        case .urlsRedirected: "old URLs redirected"
        case .urlsChanged: "URLs that changed"
        case .templateTagsConverted: "template tags converted"
        case .templateTagsLeft: "template tags left in place"
        case .outsidePrefixes: "path prefixes left to other software (links.outside)"
        case .brokenLinks: "broken links in the source"
        }
    }
}

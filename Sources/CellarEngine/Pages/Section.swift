import Foundation

/// A titled run of cells: a year of posts, a group of settings, a content section on the home page.
package struct Section: Sendable {
    package var title: String?
    /// Where the section continues ("All reviews →" on the home page).
    package var url: URLPath?
    package var cells: [any CellConfiguring]

    package init(title: String? = nil, url: URLPath? = nil, cells: [any CellConfiguring]) {
        self.title = title
        self.url = url
        self.cells = cells
    }
}

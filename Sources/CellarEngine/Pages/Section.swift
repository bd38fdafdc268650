import Foundation

/// A titled run of cells: a year of posts, a group of settings, a content section on the home page.
public struct Section: Sendable {
    public var title: String?
    /// Where the section continues ("All reviews →" on the home page).
    public var url: URLPath?
    public var cells: [any CellConfiguring]

    public init(title: String? = nil, url: URLPath? = nil, cells: [any CellConfiguring]) {
        self.title = title
        self.url = url
        self.cells = cells
    }
}

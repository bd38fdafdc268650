import Foundation

/// The sections of cells a list page shows — what a `UITableViewDataSource` owns. Layouts only iterate it.
public struct DataSource: Sendable {
    public var sections: [Section]

    public init(sections: [Section] = []) {
        self.sections = sections
    }

    public var cellCount: Int { sections.reduce(0) { $0 + $1.cells.count } }
}

import Foundation

/// The sections of cells a list page shows — what a `UITableViewDataSource` owns. Layouts only iterate it.
package struct DataSource: Sendable {
    package var sections: [Section]

    package init(sections: [Section] = []) {
        self.sections = sections
    }

    package var cellCount: Int { sections.reduce(0) { $0 + $1.cells.count } }
}

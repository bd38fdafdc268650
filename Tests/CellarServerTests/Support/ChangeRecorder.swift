import AnnotatedLocking
import Foundation
import Synchronization
@testable import CellarServer

/// Collects what a ``FileWatcher`` delivers.
final class ChangeRecorder: Sendable {
    private let batches = Mutex<[FileChanges]>([])

    var delivered: [FileChanges] { batches.withAnnotatedLock { $0 } }
    var allPaths: Set<String> { batches.withAnnotatedLock { $0.reduce(into: Set()) { $0.formUnion($1.paths) } } }

    func record(_ changes: FileChanges) {
        batches.withAnnotatedLock { $0.append(changes) }
    }

    /// Waits until every path in `paths` was reported.
    func waitFor(_ paths: Set<String>, timeout: Duration = .seconds(5)) throws -> Bool {
        try waitUntil(timeout: timeout) { paths.isSubset(of: self.allPaths) }
    }

    func clear() {
        batches.withAnnotatedLock { $0.removeAll() }
    }
}

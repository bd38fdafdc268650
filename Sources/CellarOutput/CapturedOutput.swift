import AnnotatedLocking
import Synchronization

/// The files a build in memory (the engine's `BuildOptions.WriteMode.memory`) produced, kept instead of written:
/// every path, and the bytes of the HTML pages (what `cellar check` reads links and ids from).
package final class CapturedOutput: Sendable {
    private struct State {
        var files: Set<String> = []
        var html: [String: [UInt8]] = [:]
    }

    private let state = Mutex(State())

    func record(_ path: String, bytes: UnsafeRawBufferPointer?) {
        let html = path.hasSuffix(".html") ? bytes.map { Array($0) } : nil
        state.withAnnotatedLock { state in
            state.files.insert(path)
            if let html { state.html[path] = html }
        }
    }

    /// Every file of the site, relative to the output folder.
    package var files: Set<String> { state.withAnnotatedLock { $0.files } }

    /// The bytes of the HTML page at `path`, if the build produced one.
    package func html(at path: String) -> [UInt8]? {
        state.withAnnotatedLock { $0.html[path] }
    }
}

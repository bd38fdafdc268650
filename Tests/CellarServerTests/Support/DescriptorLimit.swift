@testable import CellarServer

/// The process's limit on open descriptors, raised for tests that open a thousand connections
/// (the server's ends and the test's ends are in the same process).
enum DescriptorLimit {
    /// Raises the soft limit to `wanted` (or the hard limit, if lower); returns the limit now.
    @discardableResult
    static func raise(to wanted: Int) -> Int {
        Platform.raiseDescriptorLimit(to: wanted)
    }
}

import Foundation

/// The process's limit on open descriptors, raised for tests that open a thousand connections
/// (the server's ends and the test's ends are in the same process).
enum DescriptorLimit {
    /// Raises the soft limit to `wanted` (or the hard limit, if lower); returns the limit now.
    @discardableResult
    static func raise(to wanted: Int) -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 0 }
        let target = min(rlim_t(wanted), limit.rlim_max)
        if limit.rlim_cur < target {
            limit.rlim_cur = target
            _ = setrlimit(resource, &limit)
            _ = getrlimit(resource, &limit)
        }
        return Int(clamping: limit.rlim_cur)
    }
}

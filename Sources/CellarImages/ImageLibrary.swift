internal import CVips
import Foundation

/// libvips, started once per process: no operation cache (each image is read once), one thread
/// per image (the build runs one image per core), and the loaders libvips marks untrusted blocked.
enum ImageLibrary {
    /// Nil when libvips started; else why not.
    static let startProblem: String? = {
        if vips_init("cellar") != 0 { return lastError() ?? "libvips could not start" }
        vips_cache_set_max(0)
        vips_cache_set_max_mem(0)
        vips_concurrency_set(1)
        vips_block_untrusted_set(1)
        return nil
    }()

    /// libvips' error text since the last call (cleared), or nil when it has none.
    static func lastError() -> String? {
        guard let copy = vips_error_buffer_copy() else { return nil }
        defer { cellar_vips_free(copy) }
        let lines = String(cString: copy).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.last { !$0.isEmpty }
    }
}

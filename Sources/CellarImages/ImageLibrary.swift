internal import CVips
import Foundation

/// libvips, loaded and started once per process, the first time an image is looked at: a site
/// without photos never loads it (nor the hundred libraries it links), so every other build starts
/// without them.
package enum ImageLibrary {
    /// The library's file name, as the runtime package installs it.
    package static let fileName = CELLAR_VIPS_LIBRARY

    /// Nil when libvips is loaded and started; else why not, with what to do.
    static let startProblem: ImageProblem? = {
        if let problem = load(fileName) { return problem }
        if cellar_vips_start("cellar") != 0 {
            return ImageProblem(.libraryMissing, "libvips could not start: \(lastError() ?? "vips_init failed")")
        }
        return nil
    }()

    /// Opens `library` (the process keeps the functions of the first one that opens); nil when it
    /// opened, else the problem that names it and the package to install.
    package static func load(_ library: String) -> ImageProblem? {
        let reason: String
        if let text = cellar_vips_load(library) {
            reason = String(cString: text)
            free(text)
        } else if isLoaded {
            return nil
        } else {
            reason = "\(library): out of memory"
        }
        return ImageProblem(.libraryMissing, "libvips is needed to process images and cannot be loaded: \(reason)",
                            hint: "install it: apt-get install libvips42")
    }

    /// Whether this process has loaded libvips (what tests check a photo-less build against).
    package static var isLoaded: Bool { cellar_vips_is_loaded() != 0 }

    /// libvips' error text since the last call (cleared), or nil when it has none.
    static func lastError() -> String? {
        guard let copy = cellar_vips_error() else { return nil }
        defer { cellar_vips_free(copy) }
        let lines = String(cString: copy).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.last { !$0.isEmpty }
    }
}

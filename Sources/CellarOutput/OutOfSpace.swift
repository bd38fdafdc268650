import CellarFiles
import Foundation
import CellarDiagnostics

/// A build that ran out of disk space: it stops writing at the first failure, keeps counting what
/// the rest of the site would have taken, and reports it all as one problem.
struct OutOfSpace: Sendable {
    var happened = false
    /// The first write that failed.
    var failure: FileIOError?
    /// Bytes the build's new files and folders take (whole blocks of 4 KiB), written or not.
    var needed = 0

    /// One line: what the build needed and what was free when it began (`free`), and where.
    func diagnostic(output display: String, free: Int?) -> Diagnostic {
        let needs = Self.size(needed)
        let message: String
        if let free, needed > free {
            message = "not enough disk space for the new site beside \(display): it needs about \(needs), and \(Self.size(free)) was free"
        } else if let free {
            // The site fitted in what was free when the build began, yet a write found no room:
            // something else took the space meanwhile, or the file system had less than it said
            // (its inodes ran out, or tmpfs, whose room is memory, found none).
            message = "no space left while writing the new site beside \(display): its new files take about \(needs), and \(Self.size(free)) was free when the build began (something else used the space since, or the file system ran out of inodes or, for tmpfs, of memory)"
        } else {
            message = "not enough disk space for the new site beside \(display): its new files take about \(needs)"
        }
        return .error(message, hint: "free some space on that disk, or build into another folder with --output DIR")
    }

    /// `3.4 MiB`, `812 KiB`, `1.2 GiB`.
    static func size(_ bytes: Int) -> String {
        let value = Double(bytes)
        if value >= Double(1 << 30) { return String(format: "%.1f GiB", value / Double(1 << 30)) }
        if value >= Double(1 << 20) { return String(format: "%.1f MiB", value / Double(1 << 20)) }
        return "\(max(1, (bytes + 1023) / 1024)) KiB"
    }
}

import CellarEngine
import Foundation

/// The line a build ends with: `Built 52 pages from 36 items in 0.12 s → public/ (90 written, 0
/// unchanged); 3 drafts and 1 future item not published; --drafts / --future`.
enum BuildSummary {
    static func line(_ report: BuildReport, output: String) -> String {
        let seconds = report.duration.milliseconds / 1000
        return "Built \(count(report.pages, "page")) from \(count(report.items, "item")) in \(String(format: "%.2f", seconds)) s → "
            + output + changes(report) + images(report) + unpublished(report.unpublished)
    }

    /// `; images: 3 processed, 120 from the cache`, or nothing for a site without processed images.
    static func images(_ report: BuildReport) -> String {
        let total = report.imagesProcessed + report.imagesCached
        guard total > 0 else { return "" }
        return "; images: \(report.imagesProcessed) processed, \(report.imagesCached) from the cache"
    }

    /// ` (90 written, 0 unchanged)`, ` (nothing changed)` or ` (up to date: no input changed)`.
    static func changes(_ report: BuildReport) -> String {
        if report.upToDate { return " (up to date: no input changed)" }
        if report.written == 0 && report.removed == 0 { return " (nothing changed)" }
        return " (\(report.written) written, \(report.unchanged) unchanged\(report.removed > 0 ? ", \(report.removed) removed" : ""))"
    }

    /// `; 3 drafts and 1 future item not published; --drafts / --future`, or nothing.
    static func unpublished(_ hidden: SiteModel.Unpublished) -> String {
        var parts: [String] = []
        var flags: [String] = []
        if hidden.drafts > 0 {
            parts.append(count(hidden.drafts, "draft"))
            flags.append("--drafts")
        }
        if hidden.future > 0 {
            parts.append(hidden.future == 1 ? "1 future item" : "\(hidden.future) future items")
            flags.append("--future")
        }
        guard !parts.isEmpty else { return "" }
        return "; " + parts.joined(separator: " and ") + " not published; " + flags.joined(separator: " / ")
    }

    /// One line per language but the default of a multilingual site, such as `Tiếng Việt (vi): 4 of
    /// 47 items translated, 43 not (--verbose lists them)`; with `verbose`, the files of those
    /// without a version after it.
    static func translations(_ coverage: [TranslationCoverage], verbose: Bool) -> [String] {
        coverage.flatMap { language -> [String] in
            let missing = language.total - language.translated
            var line = "\(language.name) (\(language.language)): \(language.translated) of \(count(language.total, "item")) translated"
            if missing > 0 { line += ", \(missing) not" + (verbose ? ":" : " (--verbose lists them)") }
            return [line] + (verbose ? language.missing.map { "  " + $0 } : [])
        }
    }

    static func count(_ n: Int, _ noun: String) -> String {
        n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
    }
}

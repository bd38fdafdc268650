import CellarSiteTestSupport
import Foundation

extension TemporarySite {
    /// A site made from `Fixtures/Sites/<name>/` (its files on top of the theme), plus `files`.
    convenience init(fixture name: String, files: [String: String] = [:], theme: Theme = .minimal) throws {
        try self.init(theme: theme)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Sites/\(name)").path
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder])
        }
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory),
                  !isDirectory.boolValue, let data = FileManager.default.contents(atPath: folder + "/" + path) else { continue }
            try write(data, to: path)
        }
        try write(files)
    }
}

/// Small readers for the HTML the test theme writes.
enum HTML {
    /// The texts between each `open` marker and the `close` marker after it, in order.
    static func slices(of html: String, between open: String, and close: String) -> [String] {
        var result: [String] = []
        var rest = Substring(html)
        while let start = rest.range(of: open) {
            rest = rest[start.upperBound...]
            guard let end = rest.range(of: close) else { break }
            result.append(String(rest[..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return result
    }

    /// The titles of the minimal theme's note cells (`<li class="note">Title</li>`), in order.
    static func noteTitles(_ html: String) -> [String] {
        slices(of: html, between: "<li class=\"note\">", and: "</li>")
    }

    /// The group headings of a list page (`<h2>2024</h2>`), in order.
    static func groupTitles(_ html: String) -> [String] {
        slices(of: html, between: "<h2>", and: "</h2>")
    }
}

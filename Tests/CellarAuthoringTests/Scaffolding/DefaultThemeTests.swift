import CellarDefaultTheme
import CellarSiteTestSupport
import IgnoredFileNames
@testable import CellarAuthoring
@testable import CellarEngine
import Foundation
import Testing

/// `cellar new site` writes the default theme from a copy embedded in the binary; that copy must be
/// exactly `themes/default/`.
@Suite struct DefaultThemeTests {
    @Test func theEmbeddedThemeIsExactlyTheThemeFolder() throws {
        let folder = TemporarySite.repository + "/themes/default"
        var onDisk: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder))
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let name = (path as NSString).lastPathComponent
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory),
                  !isDirectory.boolValue, !IgnoredFileNames.contains(name),
                  !path.split(separator: "/").contains(where: { IgnoredFileNames.contains(String($0)) }) else { continue }
            onDisk[path] = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
        }
        let missing = Set(onDisk.keys).subtracting(DefaultTheme.paths).sorted()
        let extra = Set(DefaultTheme.paths).subtracting(onDisk.keys).sorted()
        let changed = onDisk.filter { path, text in DefaultTheme.file(path).map { $0 != text } ?? false }.keys.sorted()
        let differences = missing.map { "not embedded: \($0)" } + extra.map { "no longer in the theme: \($0)" }
            + changed.map { "changed: \($0)" }
        #expect(differences.isEmpty, """
            the default theme embedded in Cellar differs from themes/default/ — run scripts/embed-default-theme
            \(differences.joined(separator: "\n"))
            """)
    }

    @Test func aNewSiteHoldsTheThemeFolderFileForFile() throws {
        let site = try TemporarySite(theme: .none)
        let result = try SiteScaffolder(directory: "fresh", theme: (DefaultTheme.name, DefaultTheme.files),
                                        workingDirectory: site.root).scaffold()
        let written = result.files.filter { $0.hasPrefix("themes/default/") }.map { String($0.dropFirst("themes/default/".count)) }
        #expect(written == DefaultTheme.paths)
        #expect(written.contains("kinds/review.yml") && written.contains("layouts/base.html")
                && written.contains("assets/css/cellar.css"))
        #expect(try site.read("fresh/themes/default/kinds/review.yml") == DefaultTheme.file("kinds/review.yml"))
    }
}

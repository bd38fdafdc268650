@testable import CellarHighlight
import Foundation
import Testing

@Suite struct EmbeddedDefinitionsTests {
    /// Sources/CellarHighlight/Definitions, found from this file's place in the repository.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CellarHighlight/Definitions").path

    @Test func theEmbeddedCopyMatchesTheFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names == EmbeddedDefinitions.files.keys.sorted(), "run scripts/embed-highlight-definitions")
        for name in names {
            let text = try String(contentsOfFile: Self.folder + "/" + name, encoding: .utf8)
            #expect(EmbeddedDefinitions.files[name] == text, "\(name) changed: run scripts/embed-highlight-definitions")
        }
    }

    @Test func theCatalogNamesEveryEmbeddedDefinition() {
        let cellar = Set(LanguageCatalog.table.filter { $0.origin == .cellar }.map(\.definition))
        #expect(cellar == Set(EmbeddedDefinitions.files.keys.filter { $0.hasSuffix(".lang") }))
    }
}

import Testing
import CellarServer

@Suite struct FileChangesTests {
    @Test func onlyStylesheets() {
        #expect(FileChanges(paths: ["theme/a.css", "theme/b.css"]).onlyStylesheets)
        #expect(!FileChanges(paths: ["theme/a.css", "content/a.md"]).onlyStylesheets)
        #expect(!FileChanges(paths: ["theme/a.css"], mayHaveMissedChanges: true).onlyStylesheets)
        #expect(!FileChanges(paths: []).onlyStylesheets)
    }
}

import CellarMustache
import Foundation
import Testing

/// Templates read from folders, as a theme's `partials/` and `layouts/`.
@Suite struct DirectoryLoaderTests {
    /// A fresh folder holding `files`, removed after `body`.
    func withFolder(_ files: [String: String], _ body: (String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, contents) in files {
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        try body(root)
    }

    @Test func searchesFoldersInOrder() throws {
        try withFolder(["partials/x.html": "partial", "layouts/x.html": "layout", "layouts/base.html": "base"]) { (root: String) throws in
            let loader = DirectoryLoader(folders: [root + "/partials", root + "/layouts"], displayPrefix: root + "/")
            #expect(try loader.loadTemplate(named: "x")?.source == "partial")
            #expect(try loader.loadTemplate(named: "x")?.path == "partials/x.html")
            #expect(try loader.loadTemplate(named: "base")?.path == "layouts/base.html")
            #expect(try loader.loadTemplate(named: "none") == nil)
            #expect(loader.searchedLocations(for: "none") == ["partials/none.html", "layouts/none.html"])
        }
    }

    @Test func namesMayUseSubfolders() throws {
        try withFolder(["partials/cards/review.html": "R"]) { (root: String) throws in
            let loader = DirectoryLoader(folders: [root + "/partials"])
            #expect(try loader.loadTemplate(named: "cards/review")?.source == "R")
        }
    }

    @Test(arguments: ["../secret", "/etc/passwd", "a/../b", "a//b", "./a", "a/", "", "a\\b"])
    func rejectsNamesThatLeaveTheFolders(_ name: String) throws {
        try withFolder(["secret.html": "S", "partials/b.html": "B", "partials/a.html": "A"]) { (root: String) throws in
            let loader = DirectoryLoader(folders: [root + "/partials"])
            #expect(try loader.loadTemplate(named: name) == nil)
            #expect(loader.searchedLocations(for: name) == [])
        }
    }

    @Test func invalidUTF8IsALocatedError() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data([0x61, 0xFF, 0x62]).write(to: root.appendingPathComponent("bad.html"))
        let loader = DirectoryLoader(folders: [root.path], displayPrefix: root.path + "/")
        let error = mustacheError { () throws(MustacheError) in _ = try loader.loadTemplate(named: "bad") }
        #expect(error?.description == "bad.html: error: cannot read template: the file is not UTF-8 text\n  hint: save the file as UTF-8")
    }

    @Test func libraryReportsEveryPlaceItLooked() throws {
        try withFolder(["layouts/base.html": "{{>footer}}"]) { (root: String) throws in
            let loader = DirectoryLoader(folders: [root + "/partials", root + "/layouts"], displayPrefix: root + "/")
            let library = MustacheLibrary(loader: loader)
            let error = mustacheError { () throws(MustacheError) in _ = try library.template(named: "base") }
            #expect(error?.description == """
                layouts/base.html:1:1: error: unknown partial 'footer'; looked for partials/footer.html, layouts/footer.html
                  hint: create partials/footer.html, or fix the name
                """)
        }
    }
}

import CellarTestSupport
import Foundation
import Testing
@testable import CellarServer

/// Every watcher kind against the same behaviour: the native one (inotify here) and the
/// polling fallback, which runs on every system.
@Suite(.timeLimit(.minutes(1 * sanitizerSlowdown))) struct FileWatcherTests {
    /// A folder with content and a theme, watched, and what the watcher delivered.
    final class Fixture {
        let folder: TemporaryFolder
        let recorder = ChangeRecorder()
        let kind: FileWatcherKind
        var watcher: any FileWatcher

        init(_ kind: FileWatcherKind) throws {
            self.kind = kind
            folder = try TemporaryFolder(files: [
                "content/_index.md": "home",
                "content/posts/a.md": "a",
                "theme/style.css": "body {}",
            ])
            watcher = Self.watcher(kind, roots: [folder.path("content"), folder.path("theme")])
            let recorder = recorder
            try watcher.start { recorder.record($0) }
        }

        deinit {
            watcher.stop()
        }

        /// A watcher of `kind`; the polling one walks every 20 ms, so tests stay quick.
        static func watcher(_ kind: FileWatcherKind, roots: [String], quietPeriod: Duration = .milliseconds(30),
                            maxDelay: Duration = .milliseconds(200)) -> any FileWatcher {
            kind.makeWatcher(roots: roots, quietPeriod: quietPeriod, maxDelay: maxDelay, pollInterval: .milliseconds(20))
        }

        func path(_ relative: String) -> String { folder.path(relative) }
    }

    @Test(arguments: FileWatcherKind.allCases)
    func createModifyRenameAndDeleteAreReported(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        let folder = fixture.folder, recorder = fixture.recorder
        try folder.write("new", to: "content/posts/b.md")
        #expect(try recorder.waitFor([folder.path("content/posts/b.md")]))
        try folder.write("changed", to: "theme/style.css")
        #expect(try recorder.waitFor([folder.path("theme/style.css")]))
        try folder.rename("content/posts/a.md", to: "content/posts/c.md")
        #expect(try recorder.waitFor([folder.path("content/posts/a.md"), folder.path("content/posts/c.md")]))
        try folder.remove("content/_index.md")
        #expect(try recorder.waitFor([folder.path("content/_index.md")]))
    }

    @Test(arguments: FileWatcherKind.allCases)
    func aFileRewrittenAtOnceWithTheSameSizeIsReported(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        for round in 0..<5 {
            fixture.recorder.clear()
            try fixture.folder.write("v\(round)", to: "content/posts/a.md")
            #expect(try fixture.recorder.waitFor([fixture.path("content/posts/a.md")]), "round \(round)")
        }
    }

    @Test(arguments: FileWatcherKind.allCases)
    func folderCreatedLaterIsWatchedWithItsFiles(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        try fixture.folder.write("x", to: "content/new/deeper/x.md")
        #expect(try fixture.recorder.waitFor([fixture.path("content/new/deeper/x.md")]))
        try fixture.folder.write("y", to: "content/new/deeper/y.md")
        #expect(try fixture.recorder.waitFor([fixture.path("content/new/deeper/y.md")]))
    }

    @Test(arguments: FileWatcherKind.allCases)
    func folderMovedInIsWatched(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        let folder = fixture.folder, recorder = fixture.recorder
        let outside = try TemporaryFolder(files: ["drafts/z.md": "z"])
        #expect(Foundation.rename(outside.path("drafts"), folder.path("content/drafts")) == 0)
        #expect(try recorder.waitFor([folder.path("content/drafts/z.md")]))
        try folder.write("w", to: "content/drafts/w.md")
        #expect(try recorder.waitFor([folder.path("content/drafts/w.md")]))
        try folder.rename("content/drafts", to: "content/published")
        try folder.write("v", to: "content/published/v.md")
        #expect(try recorder.waitFor([folder.path("content/published/v.md")]))
        #expect(!recorder.allPaths.contains(folder.path("content/drafts/v.md")))
    }

    @Test(arguments: FileWatcherKind.allCases)
    func swapAndTemporaryFilesAreIgnored(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        for name in [".a.md.swp", ".a.md.swx", "a.md~", "4913", ".#a.md", "#a.md#", ".DS_Store", "a.md.tmp"] {
            try fixture.folder.write("tmp", to: "content/posts/\(name)")
            try fixture.folder.remove("content/posts/\(name)")
        }
        try fixture.folder.write("done", to: "content/posts/marker.md")
        #expect(try fixture.recorder.waitFor([fixture.path("content/posts/marker.md")]))
        #expect(fixture.recorder.allPaths == [fixture.path("content/posts/marker.md")])
    }

    @Test(arguments: FileWatcherKind.allCases)
    func atomicSaveReportsOnlyTheRealFile(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        try fixture.folder.write("draft", to: "content/posts/.a.md.swp")
        try fixture.folder.rename("content/posts/.a.md.swp", to: "content/posts/a.md")
        #expect(try fixture.recorder.waitFor([fixture.path("content/posts/a.md")]))
        usleep(100_000)
        #expect(fixture.recorder.allPaths == [fixture.path("content/posts/a.md")])
    }

    @Test(arguments: FileWatcherKind.allCases)
    func burstOfFiftyWritesIsOneCallback(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        fixture.watcher.stop()
        fixture.watcher = Fixture.watcher(kind, roots: [fixture.path("content")], quietPeriod: .milliseconds(150), maxDelay: .seconds(5))
        let recorder = fixture.recorder
        try fixture.watcher.start { recorder.record($0) }
        let paths = Set((0..<50).map { fixture.path("content/posts/burst-\($0).md") })
        for index in 0..<50 {
            try fixture.folder.write("\(index)", to: "content/posts/burst-\(index).md")
        }
        #expect(try recorder.waitFor(paths))
        usleep(400_000)
        #expect(recorder.delivered.count == 1)
        #expect(recorder.delivered.first?.paths == paths)
    }

    @Test(arguments: FileWatcherKind.allCases)
    func stopEndsDeliveryAndCanBeCalledTwice(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        fixture.watcher.stop()
        fixture.watcher.stop()
        try fixture.folder.write("late", to: "content/late.md")
        usleep(200_000)
        #expect(fixture.recorder.delivered.isEmpty)
    }

    @Test(arguments: FileWatcherKind.allCases)
    func stopFromInsideTheCallbackDoesNotDeadlock(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        fixture.watcher.stop()
        let inner = Fixture.watcher(kind, roots: [fixture.path("content")])
        let recorder = fixture.recorder
        try inner.start { changes in
            recorder.record(changes)
            inner.stop()
        }
        try fixture.folder.write("once", to: "content/once.md")
        #expect(try recorder.waitFor([fixture.path("content/once.md")]))
        try fixture.folder.write("twice", to: "content/twice.md")
        usleep(200_000)
        #expect(!recorder.allPaths.contains(fixture.path("content/twice.md")))
    }

    @Test(arguments: FileWatcherKind.allCases)
    func rootThatIsASymlinkIsFollowed(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        let theme = try TemporaryFolder(files: ["cells/post.html": "<p>{{title}}</p>"])
        try fixture.folder.symlink("linked-theme", to: theme.path)
        let linked = Fixture.watcher(kind, roots: [fixture.path("linked-theme")])
        let recorder = ChangeRecorder()
        try linked.start { recorder.record($0) }
        defer { linked.stop() }
        try theme.write("<li>{{title}}</li>", to: "cells/post.html")
        #expect(try recorder.waitFor([fixture.path("linked-theme/cells/post.html")]))
    }

    @Test(arguments: FileWatcherKind.allCases)
    func aRootDeletedAndRestoredIsWatchedAgain(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        let folder = fixture.folder, recorder = fixture.recorder
        try FileManager.default.copyItem(atPath: folder.path("content"), toPath: folder.path("backup"))
        try folder.remove("content")
        #expect(try recorder.waitFor([folder.path("content"), folder.path("content/posts/a.md")]))
        recorder.clear()
        try FileManager.default.copyItem(atPath: folder.path("backup"), toPath: folder.path("content"))
        #expect(try recorder.waitFor([folder.path("content/posts/a.md"), folder.path("content/_index.md")]))
        #expect(recorder.delivered.contains { $0.mayHaveMissedChanges }, "a restored root means: rebuild everything")
        recorder.clear()
        try folder.write("edited after the restore", to: "content/posts/a.md")
        #expect(try recorder.waitFor([folder.path("content/posts/a.md")]))
        try folder.write("x", to: "content/posts/new/x.md")
        #expect(try recorder.waitFor([folder.path("content/posts/new/x.md")]))
    }

    @Test(arguments: FileWatcherKind.allCases)
    func aRootMovedAwayAndBackIsWatchedAgain(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        let folder = fixture.folder, recorder = fixture.recorder
        try folder.rename("theme", to: "theme.old")
        #expect(try recorder.waitFor([folder.path("theme")]))
        try folder.write("moved", to: "theme.old/style.css")
        try folder.rename("theme.old", to: "theme")
        recorder.clear()
        try folder.write("back", to: "theme/style.css")
        #expect(try recorder.waitFor([folder.path("theme/style.css")]))
        #expect(!recorder.allPaths.contains { $0.hasPrefix(folder.path("theme.old")) })
    }

    @Test(arguments: FileWatcherKind.allCases)
    func missingRootIsAnError(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        let watcher = Fixture.watcher(kind, roots: [fixture.path("nope")])
        #expect(throws: FileWatcherError.self) { try watcher.start { _ in } }
    }

    @Test(arguments: FileWatcherKind.allCases)
    func startTwiceIsAnError(_ kind: FileWatcherKind) throws {
        let fixture = try Fixture(kind)
        #expect(throws: FileWatcherError.alreadyRunning) { try fixture.watcher.start { _ in } }
    }

    @Test func thePollingKindMakesAPollingWatcher() throws {
        #expect(FileWatcherKind.polling.makeWatcher(roots: ["a/"]) is PollingWatcher)
        #expect(FileWatcherKind.polling.makeWatcher(roots: ["a/"]).roots == ["a"])
    }
}

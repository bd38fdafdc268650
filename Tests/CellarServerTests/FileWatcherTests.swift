import Foundation
import Testing
@testable import CellarServer

@Suite(.timeLimit(.minutes(1))) final class FileWatcherTests {
    let folder: TemporaryFolder
    let recorder = ChangeRecorder()
    var watcher: FileWatcher

    init() throws {
        folder = try TemporaryFolder(files: [
            "content/_index.md": "home",
            "content/posts/a.md": "a",
            "theme/style.css": "body {}",
        ])
        watcher = FileWatcher(roots: [folder.path("content"), folder.path("theme")])
        let recorder = recorder
        try watcher.start { recorder.record($0) }
    }

    deinit {
        watcher.stop()
    }

    @Test func createModifyRenameAndDeleteAreReported() throws {
        try folder.write("new", to: "content/posts/b.md")
        #expect(try recorder.waitFor([folder.path("content/posts/b.md")]))
        try folder.write("changed", to: "theme/style.css")
        #expect(try recorder.waitFor([folder.path("theme/style.css")]))
        try folder.rename("content/posts/a.md", to: "content/posts/c.md")
        #expect(try recorder.waitFor([folder.path("content/posts/a.md"), folder.path("content/posts/c.md")]))
        try folder.remove("content/_index.md")
        #expect(try recorder.waitFor([folder.path("content/_index.md")]))
    }

    @Test func folderCreatedLaterIsWatchedWithItsFiles() throws {
        try folder.write("x", to: "content/new/deeper/x.md")
        #expect(try recorder.waitFor([folder.path("content/new/deeper/x.md")]))
        try folder.write("y", to: "content/new/deeper/y.md")
        #expect(try recorder.waitFor([folder.path("content/new/deeper/y.md")]))
    }

    @Test func folderMovedInIsWatched() throws {
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

    @Test func swapAndTemporaryFilesAreIgnored() throws {
        for name in [".a.md.swp", ".a.md.swx", "a.md~", "4913", ".#a.md", "#a.md#", ".DS_Store", "a.md.tmp"] {
            try folder.write("tmp", to: "content/posts/\(name)")
            try folder.remove("content/posts/\(name)")
        }
        try folder.write("done", to: "content/posts/marker.md")
        #expect(try recorder.waitFor([folder.path("content/posts/marker.md")]))
        #expect(recorder.allPaths == [folder.path("content/posts/marker.md")])
    }

    @Test func atomicSaveReportsOnlyTheRealFile() throws {
        try folder.write("draft", to: "content/posts/.a.md.swp")
        try folder.rename("content/posts/.a.md.swp", to: "content/posts/a.md")
        #expect(try recorder.waitFor([folder.path("content/posts/a.md")]))
        usleep(100_000)
        #expect(recorder.allPaths == [folder.path("content/posts/a.md")])
    }

    @Test func burstOfFiftyWritesIsOneCallback() throws {
        watcher.stop()
        watcher = FileWatcher(roots: [folder.path("content")], quietPeriod: .milliseconds(150), maxDelay: .seconds(5))
        let recorder = recorder
        try watcher.start { recorder.record($0) }
        let paths = Set((0..<50).map { folder.path("content/posts/burst-\($0).md") })
        for index in 0..<50 {
            try folder.write("\(index)", to: "content/posts/burst-\(index).md")
        }
        #expect(try recorder.waitFor(paths))
        usleep(400_000)
        #expect(recorder.delivered.count == 1)
        #expect(recorder.delivered.first?.paths == paths)
    }

    @Test func stopEndsDeliveryAndCanBeCalledTwice() throws {
        watcher.stop()
        watcher.stop()
        try folder.write("late", to: "content/late.md")
        usleep(200_000)
        #expect(recorder.delivered.isEmpty)
    }

    @Test func stopFromInsideTheCallbackDoesNotDeadlock() throws {
        watcher.stop()
        let inner = FileWatcher(roots: [folder.path("content")])
        let recorder = recorder
        try inner.start { changes in
            recorder.record(changes)
            inner.stop()
        }
        try folder.write("once", to: "content/once.md")
        #expect(try recorder.waitFor([folder.path("content/once.md")]))
        try folder.write("twice", to: "content/twice.md")
        usleep(200_000)
        #expect(!recorder.allPaths.contains(folder.path("content/twice.md")))
    }

    @Test func rootThatIsASymlinkIsFollowed() throws {
        let theme = try TemporaryFolder(files: ["cells/post.html": "<p>{{title}}</p>"])
        try folder.symlink("linked-theme", to: theme.path)
        let linked = FileWatcher(roots: [folder.path("linked-theme")])
        let recorder = ChangeRecorder()
        try linked.start { recorder.record($0) }
        defer { linked.stop() }
        try theme.write("<li>{{title}}</li>", to: "cells/post.html")
        #expect(try recorder.waitFor([folder.path("linked-theme/cells/post.html")]))
    }

    @Test func missingRootIsAnError() {
        let watcher = FileWatcher(roots: [folder.path("nope")])
        #expect(throws: FileWatcherError.self) { try watcher.start { _ in } }
    }

    @Test func startTwiceIsAnError() {
        #expect(throws: FileWatcherError.alreadyRunning) { try watcher.start { _ in } }
    }
}

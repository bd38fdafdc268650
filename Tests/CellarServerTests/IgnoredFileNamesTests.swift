import IgnoredFileNames
import Testing

@Suite struct IgnoredFileNamesTests {
    @Test(arguments: [
        ".post.md.swp", ".post.md.swx", "post.md.swp", "post.md.swo", "post.md~", "4913", ".#post.md",
        "#post.md#", ".DS_Store", "post.md.tmp", ".goutputstream-ABC123", ".~lock.post.odt#", "post.md.kate-swp",
        "post.md___jb_tmp___", "post.md___jb_old___", ".git", "Thumbs.db",
    ])
    func editorFilesAreIgnored(_ name: String) {
        #expect(IgnoredFileNames.contains(name))
    }

    @Test(arguments: ["post.md", "_index.md", "style.css", "2024", "4913.md", "#hashtag.md", "a#", "#", "index.html", "swp", "tmp", "a.tmpx"])
    func contentFilesAreKept(_ name: String) {
        #expect(!IgnoredFileNames.contains(name))
    }
}

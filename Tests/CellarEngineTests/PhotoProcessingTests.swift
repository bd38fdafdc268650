@testable import CellarEngine
import CellarImages
import CellarSiteTestSupport
import Foundation
import Testing

/// A kind declared in Swift with an image field, drawn by a Swift cell.
private struct Shot: Kind {
    var image: ImagePath
    static let name = "shot"
}

private struct ShotCell: CellTemplate {
    func render(_ item: Item<Shot>, into html: inout CellarEngine.HTML) throws {
        html.raw("<li>\(item.title)|\(item.fields.image.url)|\(item.picture(item.fields.image, alt: item.title, sizes: "50vw"))</li>\n")
        html.raw("<div class=\"shot-body\">\(item.bodyHTML)</div>\n")
    }
}

/// Photos named by `image` fields are processed at build time: variants beside the page, a
/// `<picture>` in the cell, the original (with its GPS position) never published, and a cache that
/// makes a rebuild with no changed photo process none.
@Suite struct PhotoProcessingTests {
    static func photo(_ name: String) throws -> Data {
        try Data(contentsOf: try #require(Bundle.module.url(forResource: "Fixtures/Photos/" + name, withExtension: nil)))
    }

    static let cell = """
        <li>{{title}}|{{image}}|{{image.width}}x{{image.height}}|{{image.colour}}|{{image.camera}}|{{image.exposure}}|{{image.aperture}}|{{image.iso}}|{{#date}}{{iso}}{{/date}}
        {{image.picture}}</li>

        """

    /// The pipeline a session runs over `site`, writing in place, as `cellar serve` does.
    static func inPlacePipeline(_ site: TemporarySite) -> BuildPipeline {
        var options = site.options()
        options.writeMode = .inPlace
        return BuildPipeline(options: options, reporter: SilentReporter())
    }

    static func site(_ extra: [String: String] = [:], settings: String = "images: {widths: [16, 32, 480], formats: [webp, jpeg]}\n") throws -> TemporarySite {
        let site = try TemporarySite(files: [
            "content/_index.md": Fixture.site("timezone: Europe/Paris\n" + settings),
            "content/photos/_index.md": Fixture.section("Photos", kind: "photo"),
            "themes/default/kinds/photo.yml": "label: Photo\npage: true\nfields:\n  image: image\n  keep_location: bool?\n",
            "themes/default/cells/photo.html": cell,
            "content/photos/north/index.md": "---\ntitle: North\nimage: north.jpg\n---\n",
            "content/photos/plain.md": "---\ntitle: Plain\ndate: 2026-01-02\nimage: /images/plain.jpg\n---\n",
        ].merging(extra) { $1 })
        try site.write(try photo("oriented-gps.jpg"), to: "content/photos/north/north.jpg")
        try site.write(try photo("plain.jpg"), to: "content/images/plain.jpg")
        return site
    }

    @Test func variantsArePublishedAndTheOriginalIsNot() async throws {
        let site = try Self.site()
        let report = try await site.build()
        #expect(report.imagesProcessed == 2 && report.imagesCached == 0)
        for file in ["north-16.webp", "north-16.jpg", "north-32.webp", "north-32.jpg", "north-64.webp", "north-64.jpg"] {
            #expect(site.exists("public/photos/north/" + file), "\(file)")
        }
        #expect(!site.exists("public/photos/north/north.jpg"))
        #expect(!site.exists("public/images/plain.jpg"))
        #expect(site.exists("public/images/plain-64.jpg"))
        // The GPS position is in the source, not in what is published.
        let published = try Data(contentsOf: URL(fileURLWithPath: site.root + "/public/photos/north/north-64.jpg"))
        #expect(published.range(of: Data("Exif\0\0".utf8)) == nil)
        #expect(try Self.photo("oriented-gps.jpg").range(of: Data("Exif\0\0".utf8)) != nil)
    }

    @Test func cellsGetAPictureWithSizeColourAndCameraValues() async throws {
        let site = try Self.site()
        try await site.build()
        let page = try site.page("photos/index.html")
        let line = try #require(page.split(separator: "\n").first { $0.hasPrefix("<li>North|") })
        // Upright (the file is stored sideways with EXIF orientation 6); the date is the EXIF
        // DateTimeOriginal (12:30 on the camera's clock) in the site's time zone.
        #expect(line.hasPrefix("<li>North|/photos/north/north-64.jpg|64x48|#"))
        #expect(line.hasSuffix("|Canon EOS R5|1/500 s|f/4|100|2026-05-01T12:30:00+02:00"))
        #expect(page.contains("""
            <picture><source type="image/webp" srcset="/photos/north/north-16.webp 16w, /photos/north/north-32.webp 32w, \
            /photos/north/north-64.webp 64w" sizes="(min-width: 72rem) 72rem, 100vw"><img src="/photos/north/north-64.jpg" \
            srcset="/photos/north/north-16.jpg 16w, /photos/north/north-32.jpg 32w, /photos/north/north-64.jpg 64w" \
            sizes="(min-width: 72rem) 72rem, 100vw" width="64" height="48" alt="" loading="lazy" decoding="async" \
            style="background-color:#
            """))
    }

    @Test func aRebuildProcessesOnlyTheChangedPhoto() async throws {
        let site = try Self.site()
        let first = try await site.build()
        #expect(first.imagesProcessed == 2)
        let second = try await site.build()
        #expect(second.imagesProcessed == 0)
        // Another photo in place of one: only it is processed.
        try site.write(try Self.photo("other.jpg"), to: "content/photos/north/north.jpg")
        let third = try await site.build()
        #expect(third.imagesProcessed == 1 && third.imagesCached == 1)
        #expect(try site.page("photos/index.html").contains("<li>North|/photos/north/north-40.jpg|40x30|"))
        #expect(!site.exists("public/photos/north/north-64.jpg"))
        // The same bytes under another name are the same image: from the cache.
        try site.write(try Self.photo("other.jpg"), to: "content/images/plain.jpg")
        let fourth = try await site.build()
        #expect(fourth.imagesProcessed == 0 && fourth.imagesCached == 2)
    }

    /// A photo's bytes are read only when its file's status changed: the status → hash memo is kept
    /// in the session and in `.cellar-cache/images/files.tsv` for the next process.
    @Test func anUnchangedPhotoIsNotReadAgainEvenByANewProcess() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-keys-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = root + "/cache", source = root + "/content/a.jpg"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
        func place(_ name: String) throws {
            try Self.photo(name).write(to: URL(fileURLWithPath: source))
            let old = Date().addingTimeInterval(-3600)
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: source)
            // Its change time is now: a status is trusted once it is a second older than the hash.
            Thread.sleep(forTimeInterval: 1.1)
        }
        var settings = ImageSettings()
        settings.widths = [16]
        settings.formats = [.jpeg]
        let job = ImageStage.Job(contentPath: "a.jpg", original: "a.jpg", keepLocation: false, location: nil)
        func folder(_ outcome: ImageStage.Outcome) -> String? {
            if case .done(let entry, _) = outcome { entry.folder } else { nil }
        }
        try place("plain.jpg")
        let keys = ImageKeys()
        keys.load(from: cache)
        let first = ImageStage.process(job, source: source, cache: cache, settings: settings, keys: keys)
        let again = ImageStage.process(job, source: source, cache: cache, settings: settings, keys: keys)
        #expect(keys.hashedCount == 1)
        #expect(folder(first) != nil && folder(first) == folder(again))
        #expect(keys.save(to: cache, keeping: ["a.jpg"]) == nil)

        let next = ImageKeys()
        next.load(from: cache)
        #expect(folder(ImageStage.process(job, source: source, cache: cache, settings: settings, keys: next)) == folder(first))
        #expect(next.hashedCount == 0)
        // Other bytes, even with the old modification time (its change time moved): read again.
        try place("other.jpg")
        let replaced = ImageStage.process(job, source: source, cache: cache, settings: settings, keys: next)
        #expect(next.hashedCount == 1)
        #expect(folder(replaced) != nil && folder(replaced) != folder(first))
    }

    /// The memo is only a memo: when `files.tsv` cannot be written the build goes on, with a warning
    /// that says which file and what it costs (not silently, as a `try?` had it).
    @Test func aMemoThatCannotBeSavedIsAWarningNotSilence() async throws {
        let site = try Self.site()
        // A folder where the memo's file goes: writing it fails, whatever the user's permissions.
        try FileManager.default.createDirectory(atPath: site.root + "/.cellar-cache/images/files.tsv", withIntermediateDirectories: true)
        let report = try await site.build()
        let warnings = report.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(".cellar-cache/images/files.tsv") == true)
        #expect(warnings.first?.hasSuffix("(the photos' memo: the next build reads every photo again)") == true)
        #expect(!report.diagnostics.contains { $0.severity == .error })
    }

    /// A session told exactly which files changed looks again only at the photos among them: an
    /// item's edit takes every photo as the last build left it (no status read, nothing processed),
    /// and a photo the change set names is processed again.
    @Test func aSessionLooksAgainOnlyAtThePhotosTheChangeSetNames() async throws {
        let site = try Self.site()
        var options = site.options()
        options.writeMode = .inPlace
        let session = BuildSession(options: options)
        let first = try await session.build()
        #expect(first.imagesProcessed == 2)
        // Another photo in place of one, but the watcher names only an item's file.
        try site.write(try Self.photo("other.jpg"), to: "content/photos/north/north.jpg")
        try site.write(["content/photos/plain.md": "---\ntitle: Plainer\ndate: 2026-01-02\nimage: /images/plain.jpg\n---\n"])
        let edit = try await session.build(changed: [site.root + "/content/photos/plain.md"])
        #expect(edit.imagesProcessed == 0 && edit.imagesCached == 2)
        #expect(try site.page("photos/index.html").contains("<li>Plainer|"))
        #expect(site.exists("public/photos/north/north-64.jpg"))
        // Named, it is processed: its new variants replace the old ones.
        let named = try await session.build(changed: [site.root + "/content/photos/north/north.jpg"])
        #expect(named.imagesProcessed == 1 && named.imagesCached == 1)
        #expect(try site.page("photos/index.html").contains("<li>North|/photos/north/north-40.jpg|40x30|"))
        #expect(!site.exists("public/photos/north/north-64.jpg"))
    }

    /// An edit that names no photo and changes no item's photos keeps the last build's catalog
    /// whole (no photo's job is made again: the serve path at 10,000 items); an edit that points an
    /// item's image field at another photo, or names a photo, makes it again.
    @Test func anEditThatReachesNoPhotoKeepsTheCatalogWhole() async throws {
        let site = try Self.site()
        let pipeline = Self.inPlacePipeline(site)
        var memo = BuildMemo()
        let plain = site.root + "/content/photos/plain.md"
        let first = try await pipeline.run(.everything, memo: &memo)
        #expect(!first.images.keptWhole && first.images.entries.count == 2)
        try site.write(["content/photos/plain.md": "---\ntitle: Plainer\ndate: 2026-01-02\nimage: /images/plain.jpg\n---\nNew words.\n"])
        let edit = try await pipeline.run(.paths([plain]), memo: &memo)
        #expect(edit.images.keptWhole)
        #expect(edit.images.fingerprint == first.images.fingerprint && edit.images.entries.count == 2)
        #expect(edit.report.imagesProcessed == 0 && edit.report.imagesCached == 2)
        #expect(try site.page("photos/plain/index.html").contains("New words."))
        #expect(try site.page("photos/index.html").contains("<li>Plainer|/images/plain-64.jpg|"))
        // The same item's field now names the other photo: its job changed, the catalog is made again.
        try site.write(["content/photos/plain.md": "---\ntitle: Plainer\ndate: 2026-01-02\nimage: /photos/north/north.jpg\n---\n"])
        let moved = try await pipeline.run(.paths([plain]), memo: &memo)
        #expect(!moved.images.keptWhole && moved.images.entries.count == 1)
        #expect(try site.page("photos/index.html").contains("<li>Plainer|/photos/north/north-64.jpg|"))
        // A photo the change set names is looked at again.
        let named = try await pipeline.run(.paths([site.root + "/content/photos/north/north.jpg"]), memo: &memo)
        #expect(!named.images.keptWhole)
    }

    /// A bundle's item edited in a session is found by its id (``SiteModel/bundlePlaces``): the
    /// model's bundle list holds the new item, an edit that shows no other photo keeps the catalog
    /// whole, and one whose body shows the bundle's photo makes it again.
    @Test func anEditedBundleIsFoundByItsIdAndItsPhotosComparedAgain() async throws {
        let site = try Self.site()
        let pipeline = Self.inPlacePipeline(site)
        var memo = BuildMemo()
        let north = site.root + "/content/photos/north/index.md"
        let first = try await pipeline.run(.everything, memo: &memo)
        #expect(first.model.bundleFiles(of: "photos/north/index.md") == ["photos/north/north.jpg"])
        #expect(first.model.bundleFiles(of: "photos/plain.md") == nil)
        try site.write(["content/photos/north/index.md": "---\ntitle: North\nimage: north.jpg\n---\nWords from the north.\n"])
        let edit = try await pipeline.run(.paths([north]), memo: &memo)
        #expect(edit.images.keptWhole)
        let place = try #require(edit.model.bundlePlaces["photos/north/index.md"])
        #expect(edit.model.bundleResources[place].item.contentHTML.contains("Words from the north."))
        #expect(try site.page("photos/north/index.html").contains("Words from the north."))
        try site.write(["content/photos/north/index.md": "---\ntitle: North\nimage: north.jpg\n---\n![The north](north.jpg)\n"])
        let shown = try await pipeline.run(.paths([north]), memo: &memo)
        #expect(!shown.images.keptWhole)
    }

    /// The same bytes under many names (a corpus's one placeholder poster) are one cache key,
    /// processed on both cores at once: every photo gets its variants and the build goes through.
    @Test func manyCopiesOfOnePhotoProcessedAtOnceAllGetTheirVariants() async throws {
        var extra: [String: String] = [:]
        for index in 0..<12 { extra["content/photos/copy-\(index).md"] = "---\ntitle: Copy \(index)\ndate: 2026-01-02\nimage: /images/same-\(index).jpg\n---\n" }
        let site = try Self.site(extra)
        for index in 0..<12 { try site.write(try Self.photo("plain.jpg"), to: "content/images/same-\(index).jpg") }
        let report = try await site.build()
        #expect(report.imagesProcessed + report.imagesCached == 14)
        for index in 0..<12 { #expect(site.exists("public/images/same-\(index)-32.jpg"), "copy \(index)") }
    }

    @Test func keepLocationKeepsTheEXIF() async throws {
        let site = try Self.site(["content/photos/north/index.md": "---\ntitle: North\nimage: north.jpg\nkeep_location: true\n---\n"])
        try await site.build()
        let published = try Data(contentsOf: URL(fileURLWithPath: site.root + "/public/photos/north/north-64.jpg"))
        #expect(published.range(of: Data("Exif\0\0".utf8)) != nil)
    }

    /// `keep_location: true` in a section's settings keeps the GPS position of its items' photos
    /// (and its subsections'), read back from what is published; an item may still say false.
    @Test func aSectionsKeepLocationKeepsTheGPSOfItsPhotos() async throws {
        let site = try Self.site([
            "content/photos/_index.md": Fixture.section("Photos", kind: "photo", extra: "keep_location: true\n"),
            "content/photos/trips/_index.md": Fixture.section("Trips", kind: "photo"),
            "content/photos/trips/south/index.md": "---\ntitle: South\nimage: south.jpg\n---\n",
            "content/photos/hidden/index.md": "---\ntitle: Hidden\nimage: hidden.jpg\nkeep_location: false\n---\n",
            "content/walks/_index.md": Fixture.section("Walks", kind: "photo"),
            "content/walks/east/index.md": "---\ntitle: East\nimage: east.jpg\n---\n",
        ])
        for name in ["photos/trips/south/south", "photos/hidden/hidden", "walks/east/east"] {
            try site.write(try Self.photo("oriented-gps.jpg"), to: "content/\(name).jpg")
        }
        try await site.build()
        func gps(_ file: String) throws -> Bool {
            let fields = try #require(ImageFile.inspect(site.root + "/public/" + file)).fields
            return fields.contains("exif-ifd3-GPSLatitude")
        }
        #expect(try gps("photos/north/north-64.jpg"))
        #expect(try gps("photos/trips/south/south-64.webp"))
        #expect(try !gps("photos/hidden/hidden-64.jpg"))
        #expect(try !gps("walks/east/east-64.jpg"))
    }

    @Test func aSectionsKeepLocationMustBeABool() async throws {
        let site = try Self.site(["content/photos/_index.md": Fixture.section("Photos", kind: "photo", extra: "keep_location: maybe\n")])
        let failures = await site.failures().map(site.relative)
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("content/photos/_index.md:4:16: error:") == true, "\(failures)")
    }

    /// An image field of a kind declared in Swift is processed like the `photo` kind's: variants,
    /// the original unpublished, its address the JPEG fallback, a `<picture>` for its cell, and
    /// the bundle's images its body shows drawn from their variants too.
    @Test func photosOfASwiftKindAreProcessed() async throws {
        let site = try Self.site([
            "content/shots/_index.md": Fixture.section("Shots", kind: "shot"),
            "content/shots/bay/index.md": "---\ntitle: Bay\ndate: 2026-03-01\nimage: bay.jpg\n---\n![The pier](pier.jpg)\n",
        ])
        try site.write(try Self.photo("oriented-gps.jpg"), to: "content/shots/bay/bay.jpg")
        try site.write(try Self.photo("other.jpg"), to: "content/shots/bay/pier.jpg")
        let report = try await site.build(kinds: site.swiftKinds { $0.register(kind: Shot.self, cell: ShotCell()) })
        #expect(report.imagesProcessed + report.imagesCached == 4)   // bay.jpg has the bytes of north.jpg
        #expect(site.exists("public/shots/bay/bay-64.webp") && site.exists("public/shots/bay/bay-64.jpg"))
        #expect(!site.exists("public/shots/bay/bay.jpg"))
        let fields = try #require(ImageFile.inspect(site.root + "/public/shots/bay/bay-64.jpg")).fields
        #expect(!fields.contains("exif-ifd3-GPSLatitude"))
        let page = try site.page("shots/index.html")
        #expect(page.contains("""
            <li>Bay|/shots/bay/bay-64.jpg|<picture><source type="image/webp" srcset="/shots/bay/bay-16.webp 16w, \
            /shots/bay/bay-32.webp 32w, /shots/bay/bay-64.webp 64w" sizes="50vw"><img src="/shots/bay/bay-64.jpg" \
            srcset="/shots/bay/bay-16.jpg 16w, /shots/bay/bay-32.jpg 32w, /shots/bay/bay-64.jpg 64w" sizes="50vw" \
            width="64" height="48" alt="Bay" loading="lazy" decoding="async" style="background-color:#
            """), "\(page)")
        #expect(page.contains("<div class=\"shot-body\"><p><picture><source type=\"image/webp\" srcset=\"/shots/bay/pier-16.webp 16w"))
    }

    @Test func aBadPhotoIsALocatedErrorAndTheOthersAreStillProcessed() async throws {
        let site = try Self.site([
            "content/photos/broken/index.md": "---\ntitle: Broken\nimage: broken.jpg\n---\n",
        ])
        try site.write(try Self.photo("truncated.jpg"), to: "content/photos/broken/broken.jpg")
        let failures = await site.failures().map(site.relative)
        #expect(failures == [
            "content/photos/broken/index.md:3:8: error: image 'photos/broken/broken.jpg': the image is truncated: the JPEG file ends before its end marker",
        ])
        // The good ones were processed (and cached) all the same.
        try site.remove("content/photos/broken")
        let report = try await site.build()
        #expect(report.imagesProcessed == 0 && report.imagesCached == 2)
    }

    @Test func processingCanBeTurnedOff() async throws {
        let site = try Self.site(settings: "images: {process: false}\n")
        let report = try await site.build()
        #expect(report.imagesProcessed == 0 && report.imagesCached == 0)
        #expect(site.exists("public/photos/north/north.jpg"))
        #expect(try site.page("photos/index.html").contains("<li>North|/photos/north/north.jpg|x|"))
    }

    @Test func imagesInABundlesBodyBecomePicturesAndOneWithoutAltIsAWarning() async throws {
        let site = try Self.site([
            "themes/default/kinds/article.yml": "label: Article\npage: true\nfields: {}\n",
            "themes/default/cells/article.html": "<li>{{title}}</li>\n",
            "content/posts/_index.md": Fixture.section("Posts", kind: "article"),
            "content/posts/trip/index.md": "---\ntitle: Trip\ndate: 2026-02-01\n---\nThe view:\n\n![The bay at dawn](bay.jpg)\n\nAnd ![](other.jpg)\n",
        ])
        try site.write(try Self.photo("oriented-gps.jpg"), to: "content/posts/trip/bay.jpg")
        try site.write(try Self.photo("other.jpg"), to: "content/posts/trip/other.jpg")
        let report = try await site.build()
        #expect(report.diagnostics.map { site.relative($0.description) } == [
            "content/posts/trip/index.md:9:9: warning: the image 'other.jpg' has no alt text\n  hint: say what it shows: ![a red door in Lisbon](other.jpg)",
        ])
        let page = try site.page("posts/trip/index.html")
        #expect(page.contains("""
            <p><picture><source type="image/webp" srcset="/posts/trip/bay-16.webp 16w, /posts/trip/bay-32.webp 32w, /posts/trip/bay-64.webp 64w" \
            sizes="(min-width: 48rem) 46rem, 100vw"><img src="/posts/trip/bay-64.jpg" srcset="/posts/trip/bay-16.jpg 16w, \
            /posts/trip/bay-32.jpg 32w, /posts/trip/bay-64.jpg 64w" sizes="(min-width: 48rem) 46rem, 100vw" width="64" height="48" \
            alt="The bay at dawn" loading="lazy" decoding="async" style="background-color:#
            """))
        #expect(!site.exists("public/posts/trip/bay.jpg"))
        // Feeds show the JPEG fallback, absolute.
        let feed = try #require(site.output("posts/feed.xml"))
        #expect(feed.contains("&lt;img src=&quot;https://example.org/posts/trip/bay-64.jpg&quot; width=&quot;64&quot; height=&quot;48&quot; alt=&quot;The bay at dawn&quot;&gt;"))
    }
}

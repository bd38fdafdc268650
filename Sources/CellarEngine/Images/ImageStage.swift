internal import CellarEscaping
import CellarDiagnostics
import CellarFiles
import CellarImages
import CellarOutput
import Foundation

/// Processes the images items show — `image` fields whose file is beside the item or in
/// `content/` — into resized, upright, stripped variants, on every core. Each is cached in
/// `.cellar-cache/images/<key>/` by its bytes and the settings: a build in which no image changed
/// processes none. A bad image is an error or warning at the field that names it; the others are
/// processed all the same.
struct ImageStage {
    var layout: SiteLayout
    var reporter: any BuildReporter
    /// Each photo's file status → the hash of its bytes, and the records read (the session's memo).
    var keys = ImageKeys()
    /// What changed since the last build of the session (``ChangeSet/paths(_:)``: only photos named there are looked at again).
    var changes = ChangeSet.everything
    /// Whether each photo's outcome is kept for a later build of the session (not by a build that runs once).
    var remembersOutcomes = false
    /// The last build's catalog, kept whole when this build's changes reach no photo (see ``keptCatalog(_:)``).
    var previous: ImageCatalog?
    /// The ids of the items a patched model re-read (``ModelStage/Output/changed``); nil when the
    /// model was built anew (then the catalog is made again).
    var changedItems: Set<String>?

    /// Bumped when processing changes what it writes for the same input.
    static let version = 1

    struct Job: Sendable {
        var contentPath: String
        var original: URLPath
        var keepLocation: Bool
        var location: SourceLocation?
        var inBody = false
        /// Where translations of its bundle (`index.vi.md`) show it too (`/vi/photos/dune/cover.jpg`).
        var translatedAt: [URLPath] = []
    }

    enum Outcome: Sendable {
        case done(ImageCatalog.Entry, processed: Bool)
        case failed(ImageProblem)
    }

    func run(_ site: SiteModel, diagnostics: inout DiagnosticBag) async -> ImageCatalog {
        let config = site.config
        guard config.processesImages else { return .empty }
        if let kept = keptCatalog(site) {
            diagnostics.append(contentsOf: kept.diagnostics)
            return kept
        }
        var jobDiagnostics = DiagnosticBag()
        var signatures: [String: UInt64]? = remembersOutcomes ? [:] : nil
        let jobs = Self.jobs(site, content: layout.content, keys: keys, diagnostics: &jobDiagnostics, signatures: &signatures)
        diagnostics.append(contentsOf: jobDiagnostics.diagnostics)
        if jobs.isEmpty {
            var none = ImageCatalog.empty
            none.itemJobs = signatures
            if remembersOutcomes { none.diagnostics = jobDiagnostics.diagnostics }
            return none
        }
        let cache = Paths.join(layout.cache, "images")
        do throws(FileIOError) { try FileIO.makeDirectories(cache) } catch {
            diagnostics.append(error.diagnostic)
            return .empty
        }
        let content = layout.content, settings = config.images
        let reporter = self.reporter, keys = self.keys
        keys.load(from: cache)
        // In a session told exactly which files changed, a photo not among them gives what it gave
        // last time: neither its file's status nor its cache folder is looked at again (the session
        // trusts its cache as it trusts its output folder).
        var outcomes = [Outcome?](repeating: nil, count: jobs.count)
        var stale: [Int] = []
        if case .paths(let paths) = changes, remembersOutcomes {
            for (index, job) in jobs.enumerated() {
                if !paths.contains(Paths.join(content, job.contentPath)), let known = keys.outcome(of: job, settings: settings, cache: cache) {
                    outcomes[index] = known
                } else {
                    stale.append(index)
                }
            }
        } else {
            stale = Array(jobs.indices)
        }
        let total = stale.count
        let fresh = await parallelMap(stale, minimumChunk: 1, progress: { reporter.progress(.processingImages, done: $0, total: total) }) { index in
            let job = jobs[index]
            return (index, Self.process(job, source: Paths.join(content, job.contentPath), cache: cache, settings: settings, keys: keys))
        }
        for (index, outcome) in fresh {
            outcomes[index] = outcome
            if remembersOutcomes { keys.remember(outcome, of: jobs[index], settings: settings, cache: cache) }
        }
        if let warning = keys.save(to: cache, keeping: Set(jobs.map(\.contentPath))) { diagnostics.append(warning) }
        var catalog = ImageCatalog()
        catalog.itemJobs = signatures
        var found = jobDiagnostics
        var fingerprint = StableHash()
        // A missing libvips fails every photo the same way: said once, at the first, with a count.
        var withoutLibrary: (first: Job, problem: ImageProblem, count: Int)?
        for (job, outcome) in zip(jobs, outcomes) {
            guard let outcome else { continue }
            let subject = "image '\(job.contentPath)'"
            switch outcome {
            case .done(var entry, let processed):
                entry.inBody = job.inBody
                entry.translatedAt = job.translatedAt
                catalog.entries[job.contentPath] = entry
                if processed { catalog.processed += 1 } else { catalog.cached += 1 }
                fingerprint.combine(job.contentPath)
                fingerprint.combine(entry.folder)
                fingerprint.combine(job.inBody ? 1 : 0)
                for url in job.translatedAt { fingerprint.combine(url.value) }
                for warning in entry.image.warnings {
                    let diagnostic = Diagnostic.warning("\(subject): \(warning.message)", at: job.location, hint: warning.hint)
                    diagnostics.append(diagnostic)
                    found.append(diagnostic)
                }
            case .failed(let problem) where problem.reason == .notAnImage:
                // No format libvips knows (an SVG named .png, a placeholder): published as it is, as
                // any other file.
                continue
            case .failed(let problem):
                if problem.reason == .libraryMissing {
                    withoutLibrary = (withoutLibrary?.first ?? job, problem, (withoutLibrary?.count ?? 0) + 1)
                    continue
                }
                let diagnostic = Diagnostic.error("\(subject): \(problem.message)", at: job.location, hint: problem.hint)
                diagnostics.append(diagnostic)
                found.append(diagnostic)
            }
        }
        if let (job, problem, count) = withoutLibrary {
            let others = count == 1 ? "" : count == 2 ? " and 1 other image" : " and \(count - 1) other images"
            let diagnostic = Diagnostic.error("image '\(job.contentPath)'\(others): \(problem.message)", at: job.location, hint: problem.hint)
            diagnostics.append(diagnostic)
            found.append(diagnostic)
        }
        catalog.fingerprint = fingerprint.value
        if remembersOutcomes { catalog.diagnostics = found.diagnostics }
        catalog.rememberPublicationKey()
        return catalog
    }

    /// The last build's catalog as it is, when this build cannot change it: a session told exactly
    /// which files changed, none of them a photo, and a patched model whose re-read items name the
    /// same photos at the same places as before (the ``signature(of:)`` of their jobs unchanged). Photos not
    /// named by the change set are trusted as ``run(_:diagnostics:)`` trusts them, so the catalog
    /// made again would be this one: its entries, fingerprint and diagnostics.
    func keptCatalog(_ site: SiteModel) -> ImageCatalog? {
        guard remembersOutcomes, var catalog = previous, let signatures = catalog.itemJobs, let changedItems,
              case .paths(let paths) = changes else { return nil }
        // A photo the change set names (edited, replaced, added) is looked at again.
        if paths.contains(where: { ImageFile.processedExtensions.contains(Paths.fileExtension($0).lowercased()) }) { return nil }
        for id in changedItems {
            guard let item = site.itemsByID[id] else { return nil }
            let fields = Self.fieldJobs(of: item, imageFields: Self.imageFields(of: item.kind, in: site), in: site)
            var signature = fields.isEmpty ? nil : Self.signature(of: fields)
            if item.bundleDirectory != nil, let files = site.bundleFiles(of: id) {
                signature = Self.signature(of: Self.bundleJobs(of: item, files: files, site: site, content: layout.content, keys: keys),
                                           after: signature)
            }
            guard signatures[id] == signature else { return nil }
        }
        catalog.cached += catalog.processed
        catalog.processed = 0
        catalog.refolded = []
        catalog.keptWhole = true
        return catalog
    }

    /// Everything of `jobs` the catalog and its diagnostics are made from.
    static func signature(of jobs: [Job]) -> UInt64 {
        var hash = StableHash()
        for job in jobs { combine(job, into: &hash) }
        return hash.value
    }

    /// Everything of what a bundle's body shows the catalog and its diagnostics are made from,
    /// after the signature of its fields' jobs.
    static func signature(of found: (jobs: [Job], warnings: [Diagnostic]), after fields: UInt64?) -> UInt64 {
        var hash = StableHash()
        hash.combine(fields ?? 0)
        hash.combine(UInt64(0xB0D1))
        for job in found.jobs { combine(job, into: &hash) }
        for warning in found.warnings { hash.combine(warning.description) }
        return hash.value
    }

    private static func combine(_ job: Job, into hash: inout StableHash) {
        hash.combine(job.contentPath)
        hash.combine(job.original.value)
        hash.combine(job.keepLocation ? 1 : 0)
        hash.combine(job.inBody ? 1 : 0)
        hash.combine(job.location?.description ?? "")
        hash.combine(UInt64(job.translatedAt.count))
        for url in job.translatedAt { hash.combine(url.value) }
    }

    /// What `item`'s body shows of its bundle, worked out again only when the item changed.
    static func bundleJobs(of item: ContentItem, files: [String], site: SiteModel, content: String,
                           keys: ImageKeys) -> (jobs: [Job], warnings: [Diagnostic]) {
        var key = StableHash()
        key.combine(item.revision)
        key.combine(site.config.url.description)
        key.combine(keepsLocation(item, in: site) ? 1 : 0)
        for file in files { key.combine(file) }
        if let known = keys.bodyJobs(of: item.id, key: key.value) { return known }
        let found = bodyJobs(item, files: files, site: site, content: content)
        keys.remember(found, of: item.id, key: key.value)
        return found
    }

    /// Every image an item's fields name, then every image of a bundle its body shows, once each.
    /// - Parameter signatures: when given, filled with each item's ``signature(of:)`` of the
    ///   jobs it gives (before those of other items are merged in), for ``keptCatalog(_:)``.
    static func jobs(_ site: SiteModel, content: String, keys: ImageKeys = ImageKeys(), diagnostics: inout DiagnosticBag,
                     signatures: inout [String: UInt64]?) -> [Job] {
        var jobs = fieldJobs(site, signatures: &signatures)
        var places: [String: Int] = [:]
        for (index, job) in jobs.enumerated() { places[job.contentPath] = index }
        for (item, files) in site.bundleResources {
            guard item.bundleDirectory != nil else { continue }
            let found = bundleJobs(of: item, files: files, site: site, content: content, keys: keys)
            if let fields = signatures.map({ $0[item.id] }) { signatures?[item.id] = signature(of: found, after: fields) }
            diagnostics.append(contentsOf: found.warnings)
            for job in found.jobs {
                if let place = places[job.contentPath] {
                    jobs[place].inBody = true
                    if jobs[place].original != job.original { jobs[place].translatedAt.append(job.original) }
                    continue
                }
                places[job.contentPath] = jobs.count
                jobs.append(job)
            }
        }
        return jobs
    }

    /// The images of `item`'s bundle its body shows, and a warning for each written without alt text.
    static func bodyJobs(_ item: ContentItem, files: [String], site: SiteModel, content: String) -> (jobs: [Job], warnings: [Diagnostic]) {
        guard let bundle = item.bundleDirectory else { return ([], []) }
        var jobs: [Job] = []
        var warnings: [Diagnostic] = []
        let keep = keepsLocation(item, in: site)
        for file in files where ImageFile.processedExtensions.contains(Paths.fileExtension(file).lowercased()) {
            let relative = String(file.dropFirst(bundle.count + 1))
            let original = item.url.appending(relative)
            let needle = "<img src=\"\(Escaping.htmlText(site.config.url.href(original)))\""
            guard let found = item.contentHTML.range(of: needle) else { continue }
            let (location, writtenWithoutAlt) = markdownLocation(of: relative, in: item, content: content)
            // Only `![](pic.jpg)` as written (a shortcode's `<img>` is its own to check).
            if writtenWithoutAlt, item.contentHTML[found.upperBound...].hasPrefix(" alt=\"\"") {
                warnings.append(.warning("the image '\(relative)' has no alt text", at: location,
                                         hint: "say what it shows: ![a red door in Lisbon](\(relative))"))
            }
            jobs.append(Job(contentPath: file, original: original, keepLocation: keep, location: location, inBody: true))
        }
        return (jobs, warnings)
    }

    /// Where the body names `relative` first (its line and column in the file), else the file.
    /// - Returns: also whether it is written `![](relative)`, without alt text.
    static func markdownLocation(of relative: String, in item: ContentItem, content: String) -> (SourceLocation, Bool) {
        // The file is read again: a one-shot build has let go of the bodies' Markdown by now.
        let text = (try? FileIO.read(Paths.join(content, item.id))).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where index + 1 >= item.bodyFirstLine {
            if let range = line.range(of: "](" + relative) {
                let column = line[..<range.lowerBound].utf8.count + 3
                return (SourceLocation(file: item.file, line: index + 1, column: column), line[..<range.lowerBound].hasSuffix("!["))
            }
        }
        return (SourceLocation(file: item.file), false)
    }

    /// Every image an item's fields name, once each, in item order: a kind declared in Swift (an
    /// ``ImagePath`` property) as one in a theme's YAML.
    static func fieldJobs(_ site: SiteModel, signatures: inout [String: UInt64]?) -> [Job] {
        var jobs: [Job] = []
        var seen: Set<String> = []
        // Each kind's image fields, sorted by name, worked out once per kind rather than per item.
        var imageFieldsOfKind: [String: [String]] = [:]
        for item in site.items {
            let imageFields: [String]
            if let known = imageFieldsOfKind[item.kind] {
                imageFields = known
            } else {
                imageFields = Self.imageFields(of: item.kind, in: site)
                imageFieldsOfKind[item.kind] = imageFields
            }
            if imageFields.isEmpty { continue }
            let found = fieldJobs(of: item, imageFields: imageFields, in: site)
            if signatures != nil, !found.isEmpty { signatures?[item.id] = signature(of: found) }
            for job in found where seen.insert(job.contentPath).inserted { jobs.append(job) }
        }
        return jobs
    }

    /// The names of the `image` fields of `kind`, sorted (a `path` field may name a picture to be offered as it is).
    static func imageFields(of kind: String, in site: SiteModel) -> [String] {
        Set((site.theme.kinds[kind]?.schema.fields ?? []).filter { field in
            if case .image = field.type { return true }
            if case .list(.image) = field.type { return true }
            return false
        }.map(\.name)).sorted()
    }

    /// The images `item`'s fields name, in field order (one named twice, twice).
    static func fieldJobs(of item: ContentItem, imageFields: [String], in site: SiteModel) -> [Job] {
        if imageFields.isEmpty { return [] }
        var jobs: [Job] = []
        var known: Bool?
        func keep() -> Bool {
            if let known { return known }
            let keep = keepsLocation(item, in: site)
            known = keep
            return keep
        }
        func visit(_ field: TypedField) {
            switch field.value {
            case .file(let reference):
                guard let path = reference.contentPath,
                      ImageFile.processedExtensions.contains(Paths.fileExtension(path).lowercased()),
                      let original = site.links.outputURL(ofFile: path) else { return }
                jobs.append(Job(contentPath: path, original: original, keepLocation: keep(), location: field.location))
            case .list(let elements): elements.forEach(visit)
            default: break
            }
        }
        for name in imageFields { if let field = item.fields[name] { visit(field) } }
        return jobs
    }

    /// Whether `item`'s photos keep their EXIF, GPS included: its `keep_location` field, else its
    /// section's (or the nearest above it that says), else the site's `images.keep_location`.
    static func keepsLocation(_ item: ContentItem, in site: SiteModel) -> Bool {
        if let keep = item.fields["keep_location"]?.value.bool { return keep }
        var id: String? = item.sectionID
        while let current = id, let section = site.sectionsByID[current] {
            if let keep = section.keepLocation { return keep }
            id = section.parentID
        }
        return site.config.images.keepLocation
    }

    /// One image: from the cache when its key is there, else processed into it. Its bytes are read
    /// only when `keys` does not know its file's status.
    static func process(_ job: Job, source: String, cache: String, settings: ImageSettings, keys: ImageKeys = ImageKeys()) -> Outcome {
        var settings = settings
        settings.keepLocation = job.keepLocation
        let stamp = FileIO.status(source, followLinks: true)?.stamp
        let contentHash: UInt64
        if let stamp, let known = keys.hash(of: job.contentPath, stamp: stamp) {
            contentHash = known
        } else {
            let hashedAt = Int64(Date().timeIntervalSince1970 * 1_000_000_000)
            let bytes: [UInt8]
            do throws(FileIOError) { bytes = try FileIO.read(source) } catch {
                return .failed(ImageProblem(.unreadable, "cannot read the file: \(error.diagnostic.message)"))
            }
            var bytesHash = StableHash()
            bytes.withUnsafeBytes { bytesHash.combine($0) }
            contentHash = bytesHash.value
            keys.remember(contentHash, of: job.contentPath, stamp: stamp, hashedAt: hashedAt)
        }
        var hash = StableHash()
        hash.combine(contentHash)
        hash.combine(version)
        hash.combine(settings.widths.map(String.init).joined(separator: ","))
        hash.combine(settings.formats.map(\.rawValue).joined(separator: ","))
        for number in [settings.jpegQuality, settings.webpQuality, settings.avifQuality, settings.avifEffort,
                       settings.keepLocation ? 1 : 0, settings.maxPixels, settings.maxProfileBytes] { hash.combine(number) }
        let key = String(hash.value, radix: 16)
        let folder = Paths.join(cache, key)
        let record = Paths.join(folder, "image.json")
        if let image = keys.record(key), FileIO.exists(record) {
            return .done(ImageCatalog.Entry(image: image, folder: folder, original: job.original), processed: false)
        }
        if let data = try? FileIO.read(record), let image = try? JSONDecoder().decode(ProcessedImage.self, from: Data(data)) {
            keys.remember(image, key: key)
            return .done(ImageCatalog.Entry(image: image, folder: folder, original: job.original), processed: false)
        }
        let scratch = folder + ".partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { FileIO.removeTree(scratch) }
        do throws(FileIOError) { try FileIO.makeDirectories(scratch) } catch {
            return .failed(ImageProblem(.cannotWrite, "cannot make its cache folder: \(error.diagnostic.message)"))
        }
        let image: ProcessedImage
        do throws(ImageProblem) { image = try ImageProcessor(settings: settings).process(source, into: scratch) } catch {
            return .failed(error)
        }
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            _ = try FileIO.write(Array(try encoder.encode(image)), to: Paths.join(scratch, "image.json"))
            FileIO.removeTree(folder)
            try FileIO.rename(scratch, to: folder)
        } catch {
            // Two photos of the same bytes (a site's one placeholder, a photo shown twice) are one
            // key: processed on two cores at once, the first folder in place wins, the same files.
            if let data = try? FileIO.read(record), let made = try? JSONDecoder().decode(ProcessedImage.self, from: Data(data)) {
                return .done(ImageCatalog.Entry(image: made, folder: folder, original: job.original), processed: true)
            }
            return .failed(ImageProblem(.cannotWrite, "cannot write its cache folder: \(error)"))
        }
        return .done(ImageCatalog.Entry(image: image, folder: folder, original: job.original), processed: true)
    }
}

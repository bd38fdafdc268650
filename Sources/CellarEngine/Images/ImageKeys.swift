import AnnotatedLocking
import CellarDiagnostics
import CellarFiles
import CellarImages
import Foundation
import Synchronization

/// What the image stage remembers of each photo between builds, so that a build in which no photo
/// changed reads none of their bytes: its file's stamp (``FileStamp``: size, times, inode, device) → the hash of
/// its bytes, kept in the session and in `.cellar-cache/images/files.tsv` for the next process; and
/// the processed records already decoded, by cache key.
///
/// A status is trusted only when the file was last modified (or its inode changed) more than a
/// second before its bytes were hashed (a file written again within the same clock tick keeps its time: it is hashed again).
final class ImageKeys: Sendable {
    struct Known: Sendable, Hashable {
        var stamp: FileStamp
        var hash: UInt64
        var hashedAt: Int64
    }

    private struct State {
        var loaded = false
        var files: [String: Known] = [:]
        var records: [String: ProcessedImage] = [:]
        var bodies: [String: (key: UInt64, jobs: [ImageStage.Job], warnings: [Diagnostic])] = [:]
        var edited = false
        var hashed = 0
        var publication: (key: UInt64, removed: [String], added: [String])?
        /// Each photo's last outcome in this session, with what it was processed as.
        var outcomes: [String: (job: ImageStage.Job, settings: ImageSettings, cache: String, outcome: ImageStage.Outcome)] = [:]
    }

    private let state = Mutex(State())

    static let fileName = "files.tsv"
    /// A second, in nanoseconds: how long before hashing a file must have been last modified.
    static let settle: Int64 = 1_000_000_000

    init() {}

    /// How many photos' bytes were read and hashed (tests count them).
    var hashedCount: Int { state.withAnnotatedLock { $0.hashed } }

    /// Reads `files.tsv` of `cache` the first time (a missing or damaged file is an empty memo).
    func load(from cache: String) {
        let path = Paths.join(cache, Self.fileName)
        guard !state.withAnnotatedLock({ $0.loaded }) else { return }
        var files: [String: Known] = [:]
        if let bytes = try? FileIO.read(path) {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 7, omittingEmptySubsequences: false)
                guard parts.count == 8, let hash = UInt64(parts[0], radix: 16), let stamp = FileStamp(fields: Array(parts[1...5])),
                      let hashedAt = Int64(parts[6]) else { continue }
                files[String(parts[7])] = Known(stamp: stamp, hash: hash, hashedAt: hashedAt)
            }
        }
        state.withAnnotatedLock { state in
            guard !state.loaded else { return }
            state.loaded = true
            state.files = files
        }
    }

    /// Writes `files.tsv` when a build learnt something (sorted by path: the same memo, the same bytes).
    /// - Returns: a warning when it cannot be written: only a memo, so the build goes on, but the
    ///   next one reads every photo's bytes again, and the user should know why.
    func save(to cache: String, keeping paths: Set<String>) -> Diagnostic? {
        let text: String? = state.withAnnotatedLock { state in
            let kept = state.files.filter { paths.contains($0.key) }
            guard state.edited || kept.count != state.files.count else { return nil }
            state.files = kept
            state.edited = false
            return kept.sorted { $0.key < $1.key }.map { path, known in
                "\(String(known.hash, radix: 16))\t\(known.stamp.fields)\t\(known.hashedAt)\t\(path)\n"
            }.joined()
        }
        guard let text else { return nil }
        do throws(FileIOError) {
            try FileIO.writeAtomically(Array(text.utf8), to: Paths.join(cache, Self.fileName))
            return nil
        } catch {
            var warning = error.diagnostic
            warning.severity = .warning
            warning.message += " (the photos' memo: the next build reads every photo again)"
            return warning
        }
    }

    /// The hash of the bytes of the file at `path` (its name under `content/`) as `stamp` shows it.
    func hash(of path: String, stamp: FileStamp) -> UInt64? {
        state.withAnnotatedLock { state in
            guard let known = state.files[path], known.stamp == stamp,
                  max(stamp.modified, stamp.changed) + Self.settle < known.hashedAt else { return nil }
            return known.hash
        }
    }

    func remember(_ hash: UInt64, of path: String, stamp: FileStamp?, hashedAt: Int64) {
        state.withAnnotatedLock { state in
            state.hashed += 1
            guard let stamp else { return }
            state.files[path] = Known(stamp: stamp, hash: hash, hashedAt: hashedAt)
            state.edited = true
        }
    }

    /// The images a bundle's body shows, as worked out for the item when it read as `key` says.
    func bodyJobs(of id: String, key: UInt64) -> (jobs: [ImageStage.Job], warnings: [Diagnostic])? {
        state.withAnnotatedLock { state in
            guard let known = state.bodies[id], known.key == key else { return nil }
            return (known.jobs, known.warnings)
        }
    }

    func remember(_ found: (jobs: [ImageStage.Job], warnings: [Diagnostic]), of id: String, key: UInt64) {
        state.withAnnotatedLock { $0.bodies[id] = (key, found.jobs, found.warnings) }
    }

    /// ``ImageCatalog/publication`` of `catalog`, worked out again only when its images or their places changed.
    func publication(of catalog: ImageCatalog) -> (removed: [String], added: [String]) {
        let key = catalog.publicationKey
        if let known = state.withAnnotatedLock({ $0.publication }), known.key == key { return (known.removed, known.added) }
        let made = catalog.publication
        state.withAnnotatedLock { $0.publication = (key, made.removed, made.added) }
        return made
    }

    /// What processing `job` gave last time in this session, when it was the same work (the same
    /// photo, address, location policy, settings and cache folder).
    func outcome(of job: ImageStage.Job, settings: ImageSettings, cache: String) -> ImageStage.Outcome? {
        state.withAnnotatedLock { state in
            guard let known = state.outcomes[job.contentPath], known.job.original == job.original,
                  known.job.keepLocation == job.keepLocation, known.settings == settings, known.cache == cache else { return nil }
            return known.outcome
        }
    }

    func remember(_ outcome: ImageStage.Outcome, of job: ImageStage.Job, settings: ImageSettings, cache: String) {
        // Taken again by a later build, it comes from the cache: that build processed nothing.
        var kept = outcome
        if case .done(let entry, processed: true) = outcome { kept = .done(entry, processed: false) }
        state.withAnnotatedLock { $0.outcomes[job.contentPath] = (job, settings, cache, kept) }
    }

    func record(_ key: String) -> ProcessedImage? {
        state.withAnnotatedLock { $0.records[key] }
    }

    func remember(_ record: ProcessedImage, key: String) {
        state.withAnnotatedLock { $0.records[key] = record }
    }
}

import CellarFiles
import Foundation
import CellarDiagnostics
import CellarEngine
import CellarMarkdown

/// Looks at every link and image of the imported bodies against what the new site publishes:
/// root paths no page or file of the site starts with are served by other software on the same
/// host (they become `links.outside`); the other links that lead nowhere are the source's broken
/// links (the new site is then built with `links.broken: warning`).
struct LinkCensus {
    /// Every URL the new site publishes (`/posts/a/`, `/images/x.png`, aliases, sections).
    var published: Set<String>
    /// Every file under the new site's `content/` (`posts/a.md`, `images/x.png`).
    var contentFiles: Set<String>
    /// The first part of every published path (`posts`, `images`, `tags`…).
    var ownedRoots: Set<String>
    /// The source's base path (`/blog/`), when it has one.
    var basePath: String

    private var prefixes: Set<String> = []
    /// The prefixes, a folder (`/docs/`) covering the same name without its slash.
    var outside: [String] {
        prefixes.filter { !$0.hasSuffix("/") ? !prefixes.contains($0 + "/") : true }.sorted()
    }
    private(set) var notes: [ImportNote] = []
    /// The source's link render hook, named in the hint of every link that leads nowhere: it may
    /// have resolved it by rules of its own.
    var renderHook: String?
    private(set) var broken = 0

    init(published: Set<String>, contentFiles: Set<String>, basePath: String) {
        self.published = published
        self.contentFiles = contentFiles
        self.basePath = basePath
        ownedRoots = Set(published.compactMap { URLPaths.segments($0).first } + contentFiles.compactMap { $0.split(separator: "/").first.map(String.init) }
                         + ["tags"])
    }

    /// Checks the links of one body (already converted), published at `newURL` and written under
    /// `content/` at `target`. Places are given in the source file: the same line, and the column
    /// where the link's destination is written there.
    mutating func check(_ body: String, of document: SourceDocument, target: String, newURL: String) {
        guard Self.mayHaveLinks(body) else { return }
        currentFolder = Paths.parent(of: target)
        let sourceLines = document.body.split(separator: "\n", omittingEmptySubsequences: false)
        for reference in MarkdownRenderer(options: [.allowRawHTML]).render(body).references {
            let destination = reference.destination
            guard !destination.isEmpty, !destination.hasPrefix("#"), !URLCheck.isRemote(destination) else { continue }
            let path = Self.decode(String(destination.prefix { $0 != "?" && $0 != "#" }))
            guard !path.isEmpty, path != "/" else { continue }
            var column = reference.column
            if reference.line >= 1, reference.line <= sourceLines.count {
                let line = String(sourceLines[reference.line - 1])
                if let range = line.range(of: "(" + destination) ?? line.range(of: destination) {
                    let start = line[range].hasPrefix("(") ? line.index(after: range.lowerBound) : range.lowerBound
                    column = line.unicodeScalars.distance(from: line.unicodeScalars.startIndex, to: start) + 1
                }
            }
            let location = document.bodyLocation(line: reference.line, column: column)
            if path.hasPrefix("/") {
                checkRooted(path, written: destination, at: location)
            } else {
                checkRelative(path, written: destination, newURL: newURL, at: location, isImage: reference.kind == .image)
            }
        }
    }

    private mutating func checkRooted(_ path: String, written: String, at location: SourceLocation) {
        if exists(path) { return }
        if basePath != "/", path.hasPrefix(basePath) {
            record(written, at: location, hint: "in Cellar a link starting with '/' starts at the site's root, which is \(basePath) on the host: write '/\(path.dropFirst(basePath.count))'")
            return
        }
        let segments = URLPaths.segments(path)
        guard let first = segments.first else { return }
        if !ownedRoots.contains(first) {
            prefixes.insert(segments.count > 1 || path.hasSuffix("/") ? "/" + first + "/" : "/" + first)
            return
        }
        record(written, at: location, hint: "nothing of the new site is at \(path)")
    }

    private mutating func checkRelative(_ path: String, written: String, newURL: String, at location: SourceLocation, isImage: Bool) {
        if let guess = URLCheck.hostGuess(written) {
            record(written, at: location, hint: "did you mean '\(guess)'?")
            return
        }
        let folder = currentFolder
        let looksLikeFile = !URLPaths.fileExtension(path).isEmpty
        if looksLikeFile {
            // Cellar reads a file link from the item's folder under content/.
            let resolved = URLPaths.clean("/" + Paths.join(folder, path))
            if contentFiles.contains(String(resolved.dropFirst())) || published.contains(resolved) { return }
            // The browser read it from the page's address: a file published there is found too.
            let fromPage = URLPaths.clean(newURL + path)
            if published.contains(fromPage) || contentFiles.contains(String(fromPage.dropFirst())) { return }
            record(written, at: location, hint: "Cellar looks for \(isImage ? "images" : "files") named without a leading '/' beside the item, in content/\(Paths.join(folder, path))")
        } else {
            let resolved = URLPaths.clean(newURL + path)
            if exists(resolved) { return }
            record(written, at: location, hint: "relative links start from the page's address, \(newURL)")
        }
    }

    /// The folder, under `content/`, of the item being checked.
    var currentFolder = ""

    private func exists(_ path: String) -> Bool {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return published.contains(path) || published.contains(trimmed + "/") || published.contains(trimmed)
            || contentFiles.contains(String(trimmed.dropFirst())) || path.hasPrefix("/tags/")
    }

    private mutating func record(_ written: String, at location: SourceLocation, hint: String) {
        broken += 1
        let hookHint = renderHook.map { "; the source's link render hook \($0) may have resolved it by rules of its own, which Cellar does not run" } ?? ""
        notes.append(ImportNote(.kept, .link, "the link '\(written)' leads nowhere in the new site; kept as written", at: location, hint: hint + hookHint))
    }

    static func mayHaveLinks(_ body: String) -> Bool {
        body.contains("](") || body.contains("]:") || body.contains("<")
    }

    /// `%20` and other escapes decoded (a link's path as the server reads it).
    static func decode(_ text: String) -> String {
        text.removingPercentEncoding ?? text
    }
}

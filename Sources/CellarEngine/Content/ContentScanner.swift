import CellarDiagnostics
#if canImport(Glibc)
import CellarFiles
import CellarOutput
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IgnoredFileNames

/// Walks `content/` once, sorting what it finds and refusing symlinks that leave the site.
struct ContentScanner {
    var layout: SiteLayout
    /// Deepest folder nesting followed (a guard against symlink tricks and runaway trees).
    static let maxDepth = 32

    func scan(diagnostics: inout DiagnosticBag) -> ContentScan {
        var scan = ContentScan()
        if let code = FileIO.statusProblem(layout.content), code == EACCES {
            let error = FileIOError(path: layout.content, operation: "read", code: code)
            diagnostics.error("cannot read the content folder \(layout.display(sitePath: "content/")): \(error.reason)", hint: error.hint)
            return scan
        }
        guard FileIO.isDirectory(layout.content) else {
            diagnostics.error("no content folder at \(layout.display(sitePath: "content/"))",
                              hint: "run cellar in a site folder, pass --site DIR, or create one with 'cellar new site DIR'")
            return scan
        }
        var visited: Set<String> = [FileIO.realPath(layout.content) ?? layout.content]
        // Every path once (each folder is walked once, its names are distinct): gathered in an
        // array and hashed into the set at its final size, not rehashed as it grows.
        var all: [String] = []
        walk("", depth: 0, bundle: nil, snippets: false, into: &scan, all: &all, visited: &visited, diagnostics: &diagnostics)
        var files = Set<String>(minimumCapacity: all.count)
        for path in all { files.insert(path) }
        scan.files = ContentFileSet(files)
        return scan
    }

    /// Why a name cannot become part of a URL or a diagnostic's `file:line:column`: bytes that are not
    /// UTF-8 (`readdir` gave them as U+FFFD, so the name as read names no file) or control characters.
    static func nameProblem(_ name: String, in folder: String) -> (message: String, hint: String)? {
        if name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return nil }   // printable ASCII: the usual name
        if name.unicodeScalars.contains("\u{FFFD}"), FileIO.status(Paths.join(folder, name)) == nil {
            return ("is not valid UTF-8", "rename the file; names must be UTF-8 to become URLs")
        }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return ("contains a control character", "rename the file; names must be printable to become URLs")
        }
        return nil
    }

    /// A name with its control characters spelled out, for messages.
    static func printable(_ name: String) -> String {
        name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? $0.escaped(asASCII: false) : String($0) }.joined()
    }

    // MARK: - Private

    /// - Parameter snippets: inside a folder whose name starts with `_` (`content/_snippets/`): its
    ///   files are read by `{{< include >}}` and `{{< chart >}}` only — no item, section or copy.
    private func walk(
        _ folder: String, depth: Int, bundle: String?, snippets: Bool, into scan: inout ContentScan, all: inout [String],
        visited: inout Set<String>, diagnostics: inout DiagnosticBag
    ) {
        let absolute = Paths.join(layout.content, folder)
        let entries: [(name: String, kind: FileStatus.Kind?)]
        do throws(FileIOError) { entries = try FileIO.list(absolute) } catch {
            diagnostics.append(error.diagnostic)
            return
        }
        let hasIndex = entries.contains { $0.name == "index.md" }
        let hasSectionIndex = entries.contains { $0.name == "_index.md" }
        var bundle = bundle
        if snippets {
            walkSnippets(folder, entries: entries, depth: depth, into: &scan, all: &all, visited: &visited, diagnostics: &diagnostics)
            return
        }
        if bundle == nil, hasIndex, !folder.isEmpty {
            if hasSectionIndex {
                diagnostics.error("a folder cannot hold both index.md and _index.md",
                                  at: SourceLocation(file: layout.display(contentPath: Paths.join(folder, "index.md"))),
                                  hint: "_index.md makes a section; index.md makes one item with its files (a bundle)")
            } else {
                bundle = folder
                scan.items.append(ItemSource(contentPath: Paths.join(folder, "index.md"), bundleDirectory: folder))
                all.append(Paths.join(folder, "index.md"))
            }
        }
        let isSection = bundle == nil && hasSectionIndex
        if isSection {
            scan.sectionFolders.append(folder)
            all.append(Paths.join(folder, "_index.md"))
        }
        let isBundleRoot = bundle != nil && bundle == folder
        // Swift compares strings by canonical equivalence: names equal but for NFC and NFD are one name
        // to every dictionary of the build, and would be one URL. Only the first is read. Distinct
        // ASCII names are never equivalent: a folder of them needs no look.
        let asciiOnly = entries.allSatisfy { $0.name.utf8.allSatisfy { $0 < 0x80 } }
        var seen: [String: String] = [:]
        for entry in entries where !IgnoredFileNames.contains(entry.name) {
            let path = Paths.join(folder, entry.name)
            if let problem = Self.nameProblem(entry.name, in: absolute) {
                let shown = layout.display(contentPath: Paths.join(folder, Self.printable(entry.name)))
                diagnostics.error("the file name '\(Self.printable(entry.name))' \(problem.message)",
                                  at: SourceLocation(file: shown), hint: problem.hint)
                continue
            }
            if !asciiOnly {
                if let first = seen[entry.name] {
                    let shown = layout.display(contentPath: path)
                    diagnostics.error("the file name '\(entry.name)' is '\(first)' written with other Unicode code points (NFC and NFD)",
                                      at: SourceLocation(file: shown), hint: "keep one of the two; they would have one URL")
                    continue
                }
                seen[entry.name] = entry.name
            }
            if isSection, entry.name == "_index.md" { continue }
            if isBundleRoot, entry.name == "index.md" { continue }
            guard var kind = entry.kind ?? FileIO.status(Paths.join(layout.content, path))?.kind else { continue }
            if kind == .symlink {
                guard let target = followLink(path, diagnostics: &diagnostics) else { continue }
                kind = target
            }
            switch kind {
            case .directory:
                guard depth < Self.maxDepth else {
                    let shown = layout.display(contentPath: path)
                    diagnostics.error("folders nest deeper than \(Self.maxDepth) levels at \(shown)",
                                      at: SourceLocation(file: shown),
                                      hint: "move the files up; Cellar reads at most \(Self.maxDepth) levels of folders under content/")
                    continue
                }
                let real = FileIO.realPath(Paths.join(layout.content, path)) ?? path
                guard visited.insert(real).inserted else {
                    diagnostics.error("the folder \(layout.display(contentPath: path)) is reached twice (a symlink loop?)",
                                      at: SourceLocation(file: layout.display(contentPath: path)))
                    continue
                }
                walk(path, depth: depth + 1, bundle: bundle, snippets: bundle == nil && Self.isSnippetFolder(entry.name),
                     into: &scan, all: &all, visited: &visited, diagnostics: &diagnostics)
            case .file:
                all.append(path)
                if let bundle {
                    scan.bundleResources[bundle, default: []].append(path)
                } else if entry.name.hasSuffix(".md") {
                    scan.items.append(ItemSource(contentPath: path, bundleDirectory: nil))
                } else {
                    scan.staticFiles.append(path)
                }
            case .symlink, .other:
                continue
            }
        }
    }

    /// `_snippets`, `_common`: a folder of files other pages include, never published itself.
    static func isSnippetFolder(_ name: String) -> Bool {
        name.hasPrefix("_") && name != "_index.md"
    }

    /// A folder of snippets: every file (at any depth) is known to the site's files, and nothing else.
    private func walkSnippets(
        _ folder: String, entries: [(name: String, kind: FileStatus.Kind?)], depth: Int, into scan: inout ContentScan,
        all: inout [String], visited: inout Set<String>, diagnostics: inout DiagnosticBag
    ) {
        for entry in entries where !IgnoredFileNames.contains(entry.name) && Self.nameProblem(entry.name, in: folder) == nil {
            let path = Paths.join(folder, entry.name)
            switch entry.kind ?? FileIO.status(Paths.join(layout.content, path))?.kind {
            case .file?:
                all.append(path)
            case .directory? where depth < Self.maxDepth:
                walk(path, depth: depth + 1, bundle: nil, snippets: true, into: &scan, all: &all, visited: &visited,
                     diagnostics: &diagnostics)
            default:
                continue   // symlinks are not followed in snippets: nothing there is published
            }
        }
    }

    /// The kind of a symlink's target, when it stays inside the site; else reports why not.
    private func followLink(_ path: String, diagnostics: inout DiagnosticBag) -> FileStatus.Kind? {
        let absolute = Paths.join(layout.content, path)
        let shown = layout.display(contentPath: path)
        guard let real = FileIO.realPath(absolute) else {
            diagnostics.error("the symlink \(shown) is broken or loops", at: SourceLocation(file: shown),
                              hint: "fix or remove the link")
            return nil
        }
        let siteRoot = FileIO.realPath(layout.root) ?? layout.root
        guard Paths.relative(real, to: siteRoot) != nil else {
            diagnostics.error("the symlink \(shown) leads outside the site, to \(real)", at: SourceLocation(file: shown),
                              hint: "copy the file into the site instead of linking to it")
            return nil
        }
        return FileIO.status(real, followLinks: true)?.kind
    }
}

import CellarDiagnostics
import CellarEngine
import CellarFiles
import CellarMarkdown
import Foundation

/// Links to Markdown files — `[x](./other-post.md)`, `[x](../_posts/2016-01-29-name.md)`, the
/// way GitHub and Hugo's `ref` read them, from the file's own folder in the source — pointed at
/// where that file went in the new site (`/posts/other-post.md`, which Cellar turns into its URL).
/// A link that already names the right file from the item's new folder is left as written.
struct MarkdownFileLinks {
    var references: ReferenceIndex
    /// Hugo: the folder the pages are read from (`content/en`); empty for Jekyll.
    var contentDir: String
    /// Hugo with a link render hook that looks pages up as `GetPage` does (`[x](methods/site/title/)`
    /// from the page's folder, then from `content/`): such links are pointed at the page they found.
    var resolvesPagePaths = false

    struct Result {
        var body: String
        var converted = 0
    }

    func convert(_ body: String, of document: SourceDocument) -> Result {
        var result = Result(body: body)
        guard body.contains(".md") || body.contains(".markdown") || !references.movedURLs.isEmpty || resolvesPagePaths, let ownTarget = references.bySourcePath[document.path] else { return result }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for reference in MarkdownRenderer(options: [.allowRawHTML]).render(body).references.reversed() {
            guard reference.line >= 1, reference.line <= lines.count,
                  let destination = resolve(reference.destination, from: document, ownTarget: ownTarget)
                    ?? (reference.kind == .link ? pagePath(reference.destination, from: document) : nil) else { continue }
            // Written where it is used (`[x](dest)`), else in a reference definition (`[x]: dest`) anywhere.
            let candidates = [reference.line - 1] + lines.indices.filter { lines[$0].contains("]: " + reference.destination) }
            for number in candidates {
                let line = lines[number]
                guard let range = line.range(of: "(" + reference.destination) ?? line.range(of: "]: " + reference.destination)
                        ?? line.range(of: "<" + reference.destination) else { continue }
                let prefix = line[range].prefix { $0 != reference.destination.first }
                lines[number].replaceSubrange(range, with: prefix + destination)
                result.converted += 1
                break
            }
        }
        if result.converted > 0 { result.body = lines.joined(separator: "\n") }
        return result
    }

    /// The new destination of a link to a Markdown file of the source, or nil to keep it as written.
    private func resolve(_ written: String, from document: SourceDocument, ownTarget: String) -> String? {
        guard !written.hasPrefix("#"), !URLCheck.isRemote(written) else { return nil }
        let hash = written.firstIndex(of: "#")
        let path = LinkCensus.decode(String(written[..<(hash ?? written.endIndex)]))
        let fragment = hash.map { String(written[written.index(after: $0)...]) }
        if let moved = references.movedURLs[path] { return moved + (fragment.map { "#" + $0 } ?? "") }
        guard Leftovers.markdownExtensions.contains(Leftovers.fileExtension(Paths.lastComponent(of: path))) else { return nil }
        let target: String?
        if path.hasPrefix("/") {
            let rooted = String(URLPaths.clean(path).dropFirst())
            target = references.bySourcePath[contentDir.isEmpty ? rooted : Paths.join(contentDir, rooted)] ?? references.bySourcePath[rooted]
        } else {
            let fromSource = String(URLPaths.clean("/" + Paths.join(Paths.parent(of: document.path), path)).dropFirst())
            // Cellar reads the same link from the item's new folder: nothing to do when that is the file.
            let fromTarget = String(URLPaths.clean("/" + Paths.join(Paths.parent(of: ownTarget), path)).dropFirst())
            if let found = references.bySourcePath[fromSource], found == fromTarget { return nil }
            target = references.bySourcePath[fromSource] ?? byName(path)
        }
        return target.map { ReferenceIndex.destination($0, fragment: fragment) }
    }

    /// `methods/site/title/` as Hugo's `GetPage` reads it: a page's path under `content/`, from the
    /// linking page's folder, then from `content/`.
    private func pagePath(_ written: String, from document: SourceDocument) -> String? {
        guard resolvesPagePaths, !written.hasPrefix("#"), !URLCheck.isRemote(written) else { return nil }
        let hash = written.firstIndex(of: "#")
        let path = LinkCensus.decode(String(written[..<(hash ?? written.endIndex)]))
        guard !path.isEmpty, !path.contains(":"), URLPaths.fileExtension(path).isEmpty else { return nil }
        // A rooted path works as it is, but for its case: Hugo's URLs are lower-cased, the hook finds `/x/relURL/`.
        if path.hasPrefix("/") && path == path.lowercased() { return nil }
        let fragment = hash.map { String(written[written.index(after: $0)...]) }
        let folder = Paths.parent(of: document.path).hasPrefix(contentDir + "/")
            ? String(Paths.parent(of: document.path).dropFirst(contentDir.count + 1)) : ""
        for base in path.hasPrefix("/") ? [path] : [Paths.join(folder, path), path] {
            let key = URLPaths.clean("/" + base).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if let target = references.byContentPath[key] ?? references.byLowercasedContentPath[key.lowercased()] {
                return ReferenceIndex.destination(target, fragment: fragment)
            }
        }
        return nil
    }

    /// A post named by its source file (`2016-01-29-name.md`) wherever the link thought it was.
    private func byName(_ path: String) -> String? {
        let name = Leftovers.deletingExtension(Paths.lastComponent(of: path))
        if let post = references.byPostName[name] { return post }
        if let found = references.byName[name], found.count == 1 { return found[0] }
        return nil
    }
}

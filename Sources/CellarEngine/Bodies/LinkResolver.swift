import CellarDiagnostics
import CellarFiles
import CellarMarkdown

/// Checks and rewrites the link and image targets of Markdown bodies: files under `content/` and
/// other content files (`../blog/post.md`) become the URLs they are published at, with the base path.
struct LinkResolver: Sendable {
    var siteURL: SiteURL
    var files: ContentFileSet
    /// Published items' URLs by source path (`blog/post.md`), and sections' by `_index.md` path.
    var pageURLs: [String: URLPath]
    /// Source paths of items that exist but are not published in this build (drafts, future, expired).
    var hiddenItems: Set<String>
    /// Bundle folder → the URL of its item's page (published items only).
    var bundleURLs: [String: URLPath]
    /// Bundle folders of hidden items (their files are not copied).
    var hiddenBundles: Set<String>
    var contentDisplayRoot: String
    /// `links:` from the site settings: prefixes served by other software, and how broken links count.
    var policy: LinkPolicy = .default
    /// Where each published item's aliases lead: `2019/01/02/old.html` or `old/path/` → the item's URL.
    /// A link to an old address goes straight to the page.
    var aliasURLs: [String: URLPath] = [:]

    /// Changes when any URL a body may link to changes.
    var fingerprint: UInt64 {
        // Order-independent (a sum of each entry's hash): no need to sort ten thousand keys.
        func entry(_ kind: UInt64, _ key: String, _ value: String) -> UInt64 {
            var hash = StableHash()
            hash.combine(kind)
            hash.combine(key)
            hash.combine(value)
            return hash.value
        }
        var total: UInt64 = StableHash.of(siteURL.description)
        for (path, url) in pageURLs { total &+= entry(1, path, url.value) }
        for (path, url) in bundleURLs { total &+= entry(2, path, url.value) }
        for path in hiddenItems { total &+= entry(3, path, "") }
        for path in hiddenBundles { total &+= entry(4, path, "") }
        for (alias, url) in aliasURLs { total &+= entry(5, alias, url.value) }
        total &+= entry(6, policy.broken.rawValue, policy.outside.joined(separator: "\n"))
        return total
    }

    /// The output URL of a file under `content/`, or nil when it is not published.
    /// - Parameter item: the item that names it: a file of its own bundle is published beside it
    ///   (a bundle's translation has the bundle's files under its own URL too).
    func outputURL(ofFile contentPath: String, from item: ContentItem? = nil) -> URLPath? {
        var folder = Paths.parent(of: contentPath)
        while !folder.isEmpty {
            if let item, folder == item.bundleDirectory {
                return item.url.appending(String(contentPath.dropFirst(folder.count + 1)))
            }
            if let page = bundleURLs[folder] {
                return page.appending(String(contentPath.dropFirst(folder.count + 1)))
            }
            if hiddenBundles.contains(folder) { return nil }
            folder = Paths.parent(of: folder)
        }
        return URLPath(contentPath)
    }

    /// What to write instead of `reference` in an item's body (nil: keep it), reporting broken targets.
    /// - Parameter pageLink: set to the link when it leads to an address of the site that only the
    ///   finished site can confirm (see ``PageLink``).
    func rewrite(_ reference: MarkdownReference, in item: ContentItem, diagnostics: inout DiagnosticBag,
                 pageLink: inout PageLink?) -> String? {
        rewrite(reference, directory: item.directory, file: item.file, firstLine: item.bodyFirstLine, diagnostics: &diagnostics,
                pageLink: &pageLink, item: item)
    }

    /// - Parameters:
    ///   - directory: the folder (relative to `content/`) the Markdown lives in.
    ///   - file: the file as shown in messages; `firstLine`: the line its body starts on.
    ///   - pageLink: set to the link when it leads to an address of the site that only the finished
    ///     site can confirm (see ``PageLink``).
    ///   - item: the item whose body it is, when it is one (its own bundle's files are beside it).
    func rewrite(_ reference: MarkdownReference, directory: String, file: String, firstLine: Int,
                 diagnostics: inout DiagnosticBag, pageLink: inout PageLink?, item: ContentItem? = nil) -> String? {
        let destination = reference.destination
        if destination.isEmpty || destination.hasPrefix("#") || URLCheck.isRemote(destination) { return nil }
        var target = destination
        var suffix = ""
        if let cut = target.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            suffix = String(target[cut...])
            target = String(target[..<cut])
        }
        if target.isEmpty { return nil }
        let location = SourceLocation(file: file, line: firstLine + reference.line - 1, column: reference.column)
        if target.hasPrefix("/"), policy.isOutside(target) {
            return siteURL.basePath + URLEncoding.encodePath(String(target.dropFirst())) + suffix
        }
        guard let contentPath = ContentReference.resolve(target, from: directory) else {
            // `/`, `/#top`, `../` from a top-level item: the home page.
            if Paths.segments(of: target, after: target.hasPrefix("/") ? [] : directory.split(separator: "/"))?.isEmpty == true {
                return siteURL.href(.root) + suffix
            }
            diagnostics.append(policy.broken("'\(destination)' points outside the content folder", at: location,
                                             hint: "link to files under \(contentDisplayRoot)/"))
            return nil
        }
        if let page = pageURLs[contentPath] {
            return siteURL.href(page) + suffix
        }
        if hiddenItems.contains(contentPath) {
            diagnostics.warning("'\(destination)' links to \(contentDisplayRoot)/\(contentPath), which is not published in this build",
                                at: location, hint: "drafts, future-dated and expired items have no page")
            return nil
        }
        if files.contains(contentPath) {
            guard let url = outputURL(ofFile: contentPath, from: item) else {
                diagnostics.warning("'\(destination)' is a file of an item that is not published in this build", at: location)
                return nil
            }
            return siteURL.href(url) + suffix
        }
        if let page = aliasURLs[contentPath] ?? aliasURLs[contentPath + "/"] {
            return siteURL.href(page) + suffix
        }
        let host = target.hasPrefix("/") ? nil : URLCheck.hostGuess(destination)
        let looksLikeFile = !Paths.fileExtension(target).isEmpty && !target.hasSuffix("/")
        if looksLikeFile || target.hasSuffix(".md") || host != nil {
            let noun = reference.kind == .image ? "image" : looksLikeFile ? "file" : "link"
            let found = looksLikeFile ? "not found" : "leads to no page"
            let hint = host.map { "did you mean '\($0)'?" }
                ?? (target.hasPrefix("/") ? "paths starting with '/' are relative to \(contentDisplayRoot)/"
                    : "paths without a leading '/' are relative to the item's folder")
            diagnostics.append(policy.broken("\(noun) '\(destination)' \(found); looked for \(contentDisplayRoot)/\(contentPath)",
                                             at: location, hint: hint))
            return nil
        }
        // A page address such as /about/ (given the base path) or ../dune/: checked once every page is known.
        let href = target.hasPrefix("/") ? siteURL.basePath + URLEncoding.encodePath(String(target.dropFirst())) + suffix : nil
        pageLink = PageLink(href: href ?? destination, written: destination, isImage: reference.kind == .image, location: location)
        return href
    }
}

import CellarFiles
import CellarOutput
import CellarTree
import CellarDiagnostics
import CellarImages
import CellarMarkdown
import CellarYAML
import Foundation

/// Turns one content file into an ``ContentItem``: text checks, front matter, kind, typed fields, URL.
/// Pure apart from reading the file, so files are parsed on every core at once.
package struct ItemParser: Sendable {
    var layout: SiteLayout
    var site: SiteConfig
    var sections: [String: ContentSection]
    var kinds: [String: KindDefinition]
    var files: ContentFileSet
    /// Kinds declared with a mistake (reported at the declaration): their items are left untyped,
    /// with no "unknown kind" of their own.
    var unusableKinds: Set<String> = []

    /// With no `date:`, when its photo was taken: the EXIF date of the first image field's file, in
    /// the site's time zone (read from the image's header only).
    private func takenDate(_ fields: [String: TypedField]) -> Date? {
        guard site.processesImages else { return nil }
        for name in fields.keys.sorted() {
            guard case .file(let reference)? = fields[name]?.value, let path = reference.contentPath,
                  ImageFile.processedExtensions.contains(Paths.fileExtension(path).lowercased()) else { continue }
            guard let taken = ImageFile.taken(Paths.join(layout.content, path)) else { return nil }
            return DateParser.parse(taken, timeZone: site.timeZone)
        }
        return nil
    }

    /// The parsed item, or nil after adding the reasons to `diagnostics`.
    func parse(_ source: ItemSource, bytes: [UInt8], diagnostics: inout DiagnosticBag) -> ContentItem? {
        let display = layout.display(contentPath: source.contentPath)
        let start = SourceLocation(file: display)
        let parts: FrontMatterSplitter.Parts
        let node: LocatedNode?
        do throws(Diagnostic) {
            (parts, node) = try FrontMatterSplitter.read(bytes, file: display)
        } catch {
            diagnostics.append(error)
            return nil
        }
        let sectionID = Self.section(of: source.bundleDirectory.map(Paths.parent) ?? source.directory, in: sections)
        guard let kind = resolveKind(node, sectionID: sectionID, file: display, diagnostics: &diagnostics) else {
            return nil
        }
        let typer = FieldTyper(context: TypingContext(
            owner: "kind '\(kind.name)'", timeZone: site.timeZone, markdown: MarkdownRenderer(options: site.markdown),
            contentFiles: files, directory: source.directory, contentDisplayRoot: layout.display(sitePath: "content")
        ))
        let errorsBefore = diagnostics.errorCount
        let fields = typer.typeRecord(node, schema: kind.schema, start: start, skip: ["kind"], diagnostics: &diagnostics)
        let swiftValue = decodeSwiftValue(fields, kind: kind, start: start, typedCleanly: diagnostics.errorCount == errorsBefore,
                                          diagnostics: &diagnostics)
        if parts.frontMatter == nil, diagnostics.errorCount > errorsBefore {
            diagnostics.append(.note("\(display) has no front matter", at: start,
                                     hint: "start the file with a block such as:\n---\ntitle: My title\n---"))
        }

        // On a multilingual site, `post.vi.md` is the Vietnamese of `post.md`: same slug, under /vi/.
        let languages = site.languages
        // A bundle's `index.vi.md` is the Vietnamese of its `index.md`, with the bundle's name as its slug.
        let translation = languages.translationPath(of: source.contentPath)
        let siteLanguage = translation?.code ?? (languages.isMultilingual ? languages.defaultCode : site.language)
        var slug = Slug.make(translation.flatMap { source.bundleDirectory == nil ? Paths.deletingExtension(Paths.lastComponent(of: $0.path)) : nil }
            ?? source.fileSlug)
        if let written = fields["slug"] {
            let text = written.value.string ?? ""
            if text.utf8.count > Slug.maxBytes {
                diagnostics.error("'slug' must be at most \(Slug.maxBytes) bytes, found \(text.utf8.count)",
                                  at: written.location, hint: "shorten the slug; each part of a URL becomes a folder name")
            } else if Slug.isValid(text) {
                slug = text
            } else {
                diagnostics.error("'slug' must be one URL segment without spaces, '/', '?', '#' or '%', found \"\(text)\"",
                                  at: written.location, hint: "for example: slug: \(Slug.make(text))")
            }
        }
        var tags: [String] = []
        var tagFields: [TypedField] = []
        if case .list(let entries)? = fields["tags"]?.value { tagFields = entries }
        for tag in tagFields {
            guard let name = tag.value.string.map(Self.trimmingSpaces), !name.isEmpty else { continue }
            // A slug takes at most five bytes for each byte of the name ('&' becomes "-and-"; case
            // folding at most triples one), or "untitled": a short name needs no slugging to know.
            let length = name.utf8.count * 5 + 8 <= Slug.maxSegmentBytes ? 0 : Slug.make(name).utf8.count
            if length > Slug.maxSegmentBytes {
                diagnostics.error("the tag '\(name.prefix(40))…' makes a URL part of \(length) bytes, more than the limit of \(Slug.maxSegmentBytes)",
                                  at: tag.location ?? fields["tags"]?.location ?? start, hint: "shorten the tag")
                continue
            }
            if !tags.contains(name) { tags.append(name) }
        }
        let title = fields["title"]?.value.string ?? ""
        let date = fields["date"]?.value.date ?? takenDate(fields)
        let section = sections[sectionID]
        var url = Self.defaultURL(source: source, slug: slug, sectionID: sectionID, sections: sections)
        if let pattern = section?.permalink {
            if let expanded = pattern.expand(slug: slug, title: title, section: section?.url.value.split(separator: "/").last.map(String.init) ?? "",
                                             kind: kind.name, date: date, timeZone: site.timeZone) {
                url = expanded
            } else {
                diagnostics.error("the permalink '\(pattern.source)' of \(section?.file ?? "its section") needs a date, and this item has none",
                                  at: start, hint: "add a 'date:' to the front matter")
            }
        }
        if languages.isMultilingual { url = URLPath(languages.prefix(of: siteLanguage) + url.value) }
        if let length = Self.firstPartLength(of: url.value, over: Slug.maxSegmentBytes) {
            diagnostics.error("the URL of this item has a part of \(length) bytes, more than the limit of \(Slug.maxSegmentBytes)",
                              at: fields["slug"]?.location ?? start,
                              hint: "give it a shorter 'slug:' or title, or change the section's permalink")
        }
        return ContentItem(source: ContentItem.Source(
            id: source.contentPath, file: display, sectionID: sectionID, kind: kind.name, hasPage: kind.hasPage,
            title: title, date: date, updated: fields["updated"]?.value.date, slug: slug, tags: tags,
            draft: fields["draft"]?.value.bool ?? false, expires: fields["expires"]?.value.date,
            weight: fields["weight"]?.value.int ?? 0,
            aliases: (fields["aliases"]?.value.list ?? []).compactMap(\.string),
            fields: fields, url: url,
            anchor: ItemContext.anchor(forSource: source.contentPath, bundleDirectory: source.bundleDirectory),
            bundleDirectory: source.bundleDirectory,
            markdown: parts.body, bodyFirstLine: parts.bodyFirstLine,
            summary: fields["summary"]?.value.string ?? "",
            sourceHash: StableHash.of(bytes: bytes),
            language: language(fields["language"], sectionID: sectionID,
                               siteLanguage: !languages.isMultilingual || siteLanguage == languages.defaultCode ? nil : siteLanguage,
                               diagnostics: &diagnostics),
            siteLanguage: siteLanguage,
            translationKey: fields["translation_key"]?.value.string ?? translation?.path ?? source.contentPath,
            swiftValue: swiftValue
        ))
    }

    // MARK: - Private

    /// The item's language: its `language:` (checked), else the nearest section's that names one, else the site's.
    /// - Parameter siteLanguage: the site language its file name gives it, other than the default one.
    private func language(_ written: TypedField?, sectionID: String, siteLanguage: String?, diagnostics: inout DiagnosticBag) -> String {
        if let written, let text = written.value.string,
           let tag = SiteConfigLoader.language(text, at: written.location, diagnostics: &diagnostics) {
            return tag
        }
        if let siteLanguage { return siteLanguage }
        var id: String? = sectionID
        while let current = id, let section = sections[current] {
            if let language = section.language { return language }
            id = section.parentID
        }
        return site.language
    }

    private func resolveKind(_ node: LocatedNode?, sectionID: String, file: String, diagnostics: inout DiagnosticBag) -> KindDefinition? {
        if let written = node?["kind"] {
            guard let name = written.scalar, !written.isNull else {
                diagnostics.error("'kind' must be the name of a kind, found \(written.shortDescription)", at: written.location)
                return nil
            }
            guard let kind = kinds[name] else {
                if !unusableKinds.contains(name) {
                    diagnostics.append(Self.unknownKind(name, at: written.location, known: kinds.keys.sorted()))
                }
                return nil
            }
            return kind
        }
        // A standalone page is a `page` when the theme has that kind.
        if sectionID.isEmpty, let page = kinds[DefaultKind.page] { return page }
        // An unknown configured name is reported with the section or the site settings, not here.
        if let name = DefaultKind.configured(sectionID: sectionID, sections: sections, siteDefault: site.defaultKind) {
            return kinds[name]
        }
        if let fallback = kinds[DefaultKind.fallback] { return fallback }
        diagnostics.error("this item has no kind", at: SourceLocation(file: file),
                          hint: "add 'kind: <name>' to its front matter or 'kind:' to its section's _index.md; kinds: "
                            + kinds.keys.sorted().joined(separator: ", "))
        return nil
    }

    package static func unknownKind(_ name: String, at location: SourceLocation?, known: [String]) -> Diagnostic {
        .error("unknown kind '\(name)' (known kinds: \(known.joined(separator: ", ")))", at: location,
               hint: Suggestion.closest(to: name, in: known).map { "did you mean '\($0)'?" }
                ?? "define it with a schema kinds/\(name).yml and a cell template cells/\(name).html in the theme")
    }

    /// The nearest folder at or above `directory` that is a section (`""` is the top).
    package static func section(of directory: String, in sections: [String: ContentSection]) -> String {
        var folder = directory
        while !folder.isEmpty {
            if sections[folder] != nil { return folder }
            folder = Paths.parent(of: folder)
        }
        return ""
    }

    static func defaultURL(source: ItemSource, slug: String, sectionID: String,
                           sections: [String: ContentSection]) -> URLPath {
        let folder = source.bundleDirectory.map(Paths.parent) ?? source.directory
        var prefix = sections[sectionID]?.url.value ?? ""
        if let rest = Paths.relative(folder, to: sectionID), !rest.isEmpty {
            prefix += SiteConfigLoader.urlSegments(rest) + "/"
        } else if sectionID.isEmpty, !folder.isEmpty {
            prefix = SiteConfigLoader.urlSegments(folder) + "/"
        }
        return URLPath(prefix + slug + "/")
    }

    /// The length in bytes of the first `/`-separated part of `path` longer than `limit`, if any: by
    /// bytes, as the file system counts them (splitting the URL into substrings by characters, for
    /// every item, was a third of this parser's string making).
    static func firstPartLength(of path: String, over limit: Int) -> Int? {
        var length = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length > limit { return length }
                length = 0
            } else {
                length += 1
            }
        }
        return length > limit ? length : nil
    }

    /// `trimmingCharacters(in: .whitespaces)`, without Foundation's cost for the usual tag that has
    /// nothing to trim (its first and last characters are ASCII and not a space or a tab).
    static func trimmingSpaces(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        func plain(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && byte != 0x09 }
        return plain(first) && plain(last) ? text : text.trimmingCharacters(in: .whitespaces)
    }
}

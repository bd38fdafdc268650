import CellarEngine
import CellarDiagnostics
import CellarFiles
import CellarMarkdown
import Foundation

/// Converts Hugo shortcodes where Cellar has an equivalent: `ref`/`relref` become links to the
/// content file, `highlight` a fenced block. Shortcodes the new site's theme provides with Hugo's
/// own syntax (the default theme's `figure`, `youtube`, `video`, `note`, `details`) are kept as
/// they are; any other is written in Hugo's escaped form, `{{</* gist x */>}}`, which Cellar (like
/// Hugo) prints as the call itself — left visibly in place, and noted with its place. `{{ x }}` that
/// is not a shortcode (R's curly-curly, for one) is text and stays untouched.
struct ShortcodeConverter {
    var references: ReferenceIndex
    /// Shortcodes the new site's theme provides (`shortcodes/<name>.yml`), called as Hugo calls them.
    var provided: Set<String>

    /// The names of the shortcodes a theme's files declare.
    static func provided(byThemeFiles files: some Collection<String>) -> Set<String> {
        Set(files.compactMap { path -> String? in
            guard path.hasPrefix("shortcodes/"), path.hasSuffix(".yml") else { return nil }
            return String(path.dropFirst("shortcodes/".count).dropLast(".yml".count))
        })
    }

    struct Call {
        var name: String
        var positional: [String] = []
        var named: [String: String] = [:]
        var isClosing = false
        var selfClosing = false
    }

    func convert(_ document: SourceDocument) -> LiquidConverter.Result {
        var text = BodyText(document.body)
        var result = LiquidConverter.Result(body: document.body)
        var index = 0
        var openedLeftInPlace: [String] = []
        let scalars = text.scalars
        while index + 2 < scalars.count {
            guard scalars[index] == "{", scalars[index + 1] == "{", scalars[index + 2] == "<" || scalars[index + 2] == "%" else {
                index += 1
                continue
            }
            let closer = scalars[index + 2] == "<" ? ">}}" : "%}}"
            guard let close = text.find(closer, from: index + 3) else { break }
            let tagRange = index..<close + 3
            let inner = text.text(index + 3..<close).trimmingCharacters(in: .whitespacesAndNewlines)
            let (line, column) = text.position(of: index)
            let location = document.bodyLocation(line: line, column: column)
            index = close + 3
            if inner.hasPrefix("/*") {
                result.notes.append(ImportNote(.kept, .template, "an escaped shortcode, which Hugo shows as written: kept as it is",
                                               at: location, hint: "check how the new site shows it"))
                continue
            }
            guard let call = Self.parse(inner) else { continue }
            if call.isClosing {
                if let last = openedLeftInPlace.lastIndex(of: call.name) {
                    openedLeftInPlace.remove(at: last)
                    text.replace(tagRange, with: Self.escaped(inner))
                }
                continue
            }
            // A paired highlight's closing tag, found once (the scan reads the rest of the body).
            let highlightEnd = call.name == "highlight" && !call.selfClosing
                ? Self.closing(call.name, in: text, from: tagRange.upperBound) : nil
            switch call.name {
            case "ref", "relref":
                let written = call.named["path"] ?? call.positional.first ?? ""
                result.convert(tagRange, of: &text, to: resolve(written, from: document),
                               orLeave: "{{< \(call.name) \"\(written)\" >}}: no page of the site has that path; left as written",
                               at: location, hint: "Hugo fails the build on it too: fix the path")
            case "highlight" where highlightEnd != nil:
                guard let (end, endClose) = highlightEnd else { continue }
                let indentation = text.indentation(before: tagRange.lowerBound)
                text.replace(tagRange.lowerBound..<endClose, with: CodeFence.make(
                    language: call.positional.first ?? "", code: text.text(tagRange.upperBound..<end),
                    indentation: indentation, startsLine: indentation != nil))
                result.converted += 1
                if call.positional.count > 1 {
                    result.notes.append(ImportNote(.converted, .template, "{{< highlight \(call.positional[0]) >}} is a fenced block; its options \"\(call.positional[1])\" are not carried over",
                                                   at: location))
                }
                index = endClose
            case "include" where includedSnippet(call) != nil:
                // Hugo's docs and many sites render another page's Markdown in place with an include
                // shortcode of their own (Page.RenderShortcodes): Cellar's built-in include does that.
                guard let target = includedSnippet(call) else { continue }
                text.replace(tagRange, with: "{{< include \"/\(target)\" >}}")
                result.converted += 1
            case let name where references.listings[name] != nil && call.positional.isEmpty && call.named.isEmpty:
                // A glossary: the section's pages as a definition list, drawn by Cellar's built-in.
                guard let folder = references.listings[name] else { continue }
                text.replace(tagRange, with: "{{< definitions \"/\(folder)\" >}}")
                result.converted += 1
            case "figure" where provided.contains("figure") && missingImage(call, of: document) != nil:
                guard let src = missingImage(call, of: document) else { continue }
                let alt = call.named["alt"] ?? call.named["caption"] ?? call.named["title"] ?? ""
                text.replace(tagRange, with: "![\(Self.escapedText(alt))](<\(src)>)")
                result.notes.append(ImportNote(.problem, .file, "the image \(src) of {{< figure >}} is nowhere in the source (content/, static/, the theme): written as a Markdown image, which the new site reports as a broken link",
                                               at: location, hint: "add the image, or remove the figure"))
            case let name where provided.contains(name):
                result.notes.append(ImportNote(.kept, .template, "{{< \(name) >}} is kept: the new site's theme provides it",
                                               at: location))
            default:
                result.left += 1
                if !call.selfClosing { openedLeftInPlace.append(call.name) }
                text.replace(tagRange, with: Self.escaped(inner))
                result.notes.append(ImportNote(.problem, .template, "the shortcode {{< \(call.name) >}} is left as written",
                                               at: location, hint: Self.hint(for: call)))
            }
        }
        result.body = text.hasReplacements ? text.result : document.body
        return result
    }

    /// Where the page an include call names went, when it is a snippet or a page of the new site.
    private func includedSnippet(_ call: Call) -> String? {
        guard let written = call.named["path"] ?? call.positional.first else { return nil }
        let key = written.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        for candidate in [key, key + ".md", key + "/index.md", key + "/_index.md", Leftovers.deletingExtension(key)] {
            if let target = references.snippets[candidate] { return target }
        }
        return nil
    }

    /// The `src` of a figure when it names a file of the site that is not there (a remote or
    /// missing `src` is nil: the build says what is wrong with those).
    private func missingImage(_ call: Call, of document: SourceDocument) -> String? {
        guard let src = call.named["src"] ?? call.positional.first, !src.isEmpty, !URLCheck.isRemote(src), !src.hasPrefix("data:") else { return nil }
        let path = src.removingPercentEncoding ?? src
        let file = path.hasPrefix("/") ? String(URLPaths.clean(path).dropFirst())
            : String(URLPaths.clean("/" + Paths.join(Paths.parent(of: references.bySourcePath[document.path] ?? document.target), path)).dropFirst())
        return references.files.contains(file) ? nil : src
    }

    /// Text for a Markdown image's brackets.
    private static func escapedText(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }

    /// `{{</* inner */>}}`: a call that is shown as written, not run.
    private static func escaped(_ inner: String) -> String {
        "{{</* " + inner + " */>}}"
    }

    /// What to do about a shortcode Cellar does not provide.
    private static func hint(for call: Call) -> String {
        let id = call.named["id"] ?? call.positional.first ?? ""
        switch call.name {
        case "gist": return "link to the gist instead: [the gist](https://gist.github.com/\(call.positional.joined(separator: "/")))"
        case "tweet", "x": return "quote the post, or link to it" + (id.isEmpty ? "" : " (its id is \(id))")
        case "vimeo": return "link to the video: https://vimeo.com/\(id)"
        case "instagram": return "link to the post: https://www.instagram.com/p/\(id)/"
        case "param": return "write the value of the parameter"
        default: return "a shortcode of the source's theme or layouts/; write what it produced, or add it to the new site's theme"
        }
    }

    /// The `ref` target as a link to its content file: the path is tried from the page's folder,
    /// then from `content/`, then as a file name anywhere (as Hugo does).
    private func resolve(_ written: String, from document: SourceDocument) -> String? {
        var path = written
        var fragment: String?
        if let hash = path.firstIndex(of: "#") {
            fragment = String(path[path.index(after: hash)...])
            path = String(path[..<hash])
        }
        if path.isEmpty, let fragment { return "#" + fragment }
        let folder = Paths.parent(of: document.target)
        var bases: [String] = []
        if path.hasPrefix("/") { bases.append(URLPaths.clean(path)) } else {
            bases.append(URLPaths.clean("/" + Paths.join(folder, path)))
            bases.append(URLPaths.clean("/" + path))
        }
        for base in bases {
            let key = String(base.dropFirst()).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if let target = references.byContentPath[key] { return ReferenceIndex.destination(target, fragment: fragment) }
        }
        if !path.hasPrefix("/"), !path.contains("/"), let targets = references.byName[path], targets.count == 1 {
            return ReferenceIndex.destination(targets[0], fragment: fragment)
        }
        return nil
    }

    /// `name "a" key="b" c` → a call; `/name` → a closing tag. Read by the renderer's own lexer, so
    /// what the importer sees is what the new site's build reads (Hugo's syntax: `src= "a.png"`).
    static func parse(_ inner: String) -> Call? {
        guard let (read, isClosing, selfClosing) = ShortcodeCall.parse(inside: inner) else { return nil }
        var call = Call(name: read.name, isClosing: isClosing, selfClosing: selfClosing)
        for argument in read.arguments {
            if let name = argument.name { call.named[name] = argument.value } else { call.positional.append(argument.value) }
        }
        return call
    }

    /// The closing `{{< /name >}}` after `start`: its start and end.
    private static func closing(_ name: String, in text: BodyText, from start: Int) -> (Int, Int)? {
        var index = start
        while let open = text.find("{{", from: index) {
            guard open + 2 < text.scalars.count, text.scalars[open + 2] == "<" || text.scalars[open + 2] == "%" else {
                index = open + 2
                continue
            }
            let closer = text.scalars[open + 2] == "<" ? ">}}" : "%}}"
            guard let close = text.find(closer, from: open + 3) else { return nil }
            if let call = parse(text.text(open + 3..<close).trimmingCharacters(in: .whitespacesAndNewlines)),
               call.isClosing, call.name == name {
                return (open, close + 3)
            }
            index = close + 3
        }
        return nil
    }
}

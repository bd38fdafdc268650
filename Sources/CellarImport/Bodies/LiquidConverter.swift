import Foundation
import CellarDiagnostics

/// Converts the Liquid of a Jekyll body where Cellar has an equivalent — `{% post_url %}` and
/// `{% link %}` become links to the content file, `{% highlight %}` a fenced block, `{% raw %}` its
/// text, `{{ site.baseurl }}` and `relative_url` the site-relative path — and leaves every other tag
/// visibly in place, noted with its place.
struct LiquidConverter {
    var references: ReferenceIndex
    /// `site.url`, for `{{ site.url }}` in links.
    var siteURL: String?
    /// `_config.yml`'s scalars, for `{{ site.name }}`.
    var siteValues: [String: String] = [:]

    struct Result {
        var body: String
        var notes: [ImportNote] = []
        var converted = 0
        var left = 0

        /// A template tag left in the body as written, noted where it is.
        mutating func leave(_ message: String, at location: SourceLocation, hint: String) {
            left += 1
            notes.append(ImportNote(.problem, .template, message, at: location, hint: hint))
        }

        /// Writes `replacement` over the tag at `range` of `text`; without one, the tag is left (``leave(_:at:hint:)``).
        mutating func convert(_ range: Range<Int>, of text: inout BodyText, to replacement: String?,
                              orLeave message: @autoclosure () -> String, at location: SourceLocation, hint: String) {
            guard let replacement else { return leave(message(), at: location, hint: hint) }
            text.replace(range, with: replacement)
            converted += 1
        }
    }

    func convert(_ document: SourceDocument) -> Result {
        var text = BodyText(document.body)
        var result = Result(body: document.body)
        var index = 0
        let scalars = text.scalars
        while index + 1 < scalars.count {
            guard scalars[index] == "{", scalars[index + 1] == "%" || scalars[index + 1] == "{" else {
                index += 1
                continue
            }
            let isOutput = scalars[index + 1] == "{"
            guard let close = text.find(isOutput ? "}}" : "%}", from: index + 2) else { break }
            let tagRange = index..<close + 2
            let inner = Self.trimmed(text.text(index + 2..<close))
            let (line, column) = text.position(of: index)
            let location = document.bodyLocation(line: line, column: column)
            if isOutput {
                result.convert(tagRange, of: &text, to: output(inner, page: document),
                               orLeave: "the Liquid output {{ \(Self.clip(inner)) }} is left as written",
                               at: location, hint: "replace it with the text it stood for")
                index = close + 2
                continue
            }
            let words = inner.split(whereSeparator: \.isWhitespace).map(String.init)
            if let next = convertTag(words, range: tagRange, contentStart: close + 2, location: location, text: &text, result: &result) {
                index = next
                continue
            }
            result.leave("the Liquid tag {% \(Self.clip(inner)) %} is left as written",
                         at: location, hint: "Cellar has no Liquid; replace it with what it produced")
            index = close + 2
        }
        result.body = text.hasReplacements ? text.result : document.body
        return result
    }

    /// Converts a `{% … %}` tag (and its block) Cellar has an equivalent for; returns where scanning
    /// goes on, or nil to leave the tag as written.
    private func convertTag(_ words: [String], range: Range<Int>, contentStart: Int, location: SourceLocation,
                            text: inout BodyText, result: inout Result) -> Int? {
        switch words.first ?? "" {
        case "raw":
            guard let (end, endClose) = Self.closing("endraw", in: text, from: contentStart) else { return nil }
            text.replace(range, with: "")
            text.replace(end..<endClose, with: "")
            result.converted += 1
            return endClose
        case "highlight" where words.count >= 2:
            guard let (end, endClose) = Self.closing("endhighlight", in: text, from: contentStart) else { return nil }
            let indentation = text.indentation(before: range.lowerBound)
            text.replace(range.lowerBound..<endClose, with: CodeFence.make(
                language: words[1], code: text.text(contentStart..<end), indentation: indentation, startsLine: indentation != nil))
            result.converted += 1
            if words.count > 2 {
                result.notes.append(ImportNote(.converted, .template, "{% highlight \(words[1]) %} is a fenced block; '\(words.dropFirst(2).joined(separator: " "))' is not carried over",
                                               at: location))
            }
            return endClose
        case "comment":
            guard let (end, endClose) = Self.closing("endcomment", in: text, from: contentStart) else { return nil }
            text.replace(range.lowerBound..<endClose,
                         with: "<!--" + text.text(contentStart..<end).replacingOccurrences(of: "--", with: "- -") + "-->")
            result.converted += 1
            return endClose
        case "post_url" where words.count == 2:
            guard let target = references.byPostName[words[1]] else {
                result.notes.append(ImportNote(.problem, .template, "{% post_url \(words[1]) %}: no post has that name; left as written",
                                               at: location, hint: "Jekyll fails the build on it too: fix the name"))
                result.left += 1
                return range.upperBound
            }
            text.replace(range, with: references.destination(target, inAttribute: Self.isInAttribute(text, before: range.lowerBound)))
            result.converted += 1
            return range.upperBound
        case "link" where words.count == 2:
            let path = words[1].hasPrefix("/") ? String(words[1].dropFirst()) : words[1]
            guard let target = references.bySourcePath[path] else {
                result.notes.append(ImportNote(.problem, .template, "{% link \(words[1]) %}: no file of the site has that path; left as written",
                                               at: location))
                result.left += 1
                return range.upperBound
            }
            text.replace(range, with: references.destination(target, inAttribute: Self.isInAttribute(text, before: range.lowerBound)))
            result.converted += 1
            return range.upperBound
        default:
            return nil
        }
    }

    /// What `{{ … }}` stands for, when it is a path helper: `site.baseurl` → "", `'/x' | relative_url` → `/x`.
    private func output(_ expression: String, page: SourceDocument) -> String? {
        let parts = expression.split(separator: "|").map { Self.trimmed(String($0)) }
        guard let head = parts.first else { return nil }
        let filters = parts.dropFirst().map { $0.split(separator: ":").first.map { Self.trimmed(String($0)) } ?? $0 }
        if filters.isEmpty {
            switch head {
            case "site.baseurl", "site.base_url": return ""
            case "site.url": return siteURL
            default:
                if head.hasPrefix("site."), let value = siteValues[String(head.dropFirst(5))] { return value }
                if head.hasPrefix("page."), let frontMatter = page.frontMatter,
                   let value = JekyllConfig.flatten(frontMatter)[String(head.dropFirst(5))] {
                    return value
                }
                return nil
            }
        }
        guard let literal = Self.stringLiteral(head) else { return nil }
        let pathFilters: Set<String> = ["relative_url", "absolute_url"]
        if filters.allSatisfy({ pathFilters.contains($0) }) {
            return literal.hasPrefix("/") || literal.contains("://") ? literal : "/" + literal
        }
        if filters == ["prepend"], parts.count == 2, parts[1].replacingOccurrences(of: " ", with: "") == "prepend:site.baseurl" {
            return literal
        }
        return nil
    }

    /// The `{% name %}` that closes a block opened before `start`: its start and end.
    private static func closing(_ name: String, in text: BodyText, from start: Int) -> (Int, Int)? {
        var index = start
        while let open = text.find("{%", from: index) {
            guard let close = text.find("%}", from: open + 2) else { return nil }
            if trimmed(text.text(open + 2..<close)) == name { return (open, close + 2) }
            index = close + 2
        }
        return nil
    }

    /// Inner text without Liquid's whitespace-control dashes and spaces.
    static func trimmed(_ text: String) -> String {
        var inner = Substring(text)
        if inner.hasPrefix("-") { inner = inner.dropFirst() }
        if inner.hasSuffix("-") { inner = inner.dropLast() }
        return inner.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func stringLiteral(_ text: String) -> String? {
        guard text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first else { return nil }
        return String(text.dropFirst().dropLast())
    }

    static func clip(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count > 60 ? String(line.prefix(60)) + "…" : line
    }

    /// Whether the tag stands inside an HTML attribute (`<a href="{% link x.md %}">`), where Cellar
    /// turns no content path into its URL: the URL itself must be written there.
    static func isInAttribute(_ text: BodyText, before offset: Int) -> Bool {
        let before = text.text(max(0, offset - 8)..<offset)
        return before.hasSuffix("=\"") || before.hasSuffix("='")
    }
}

internal import CellarEscaping
import Foundation

/// A Swift type that is one front-matter value: its field type, a placeholder for
/// ``SchemaProbe``, and how ``FrontMatterDecoder`` makes it from a typed value.
protocol FrontMatterScalar: Decodable {
    /// The field type of a property of this type.
    static func fieldType(_ detail: KindField?) -> FieldType
    /// A value that passes the field's bounds and default, to decode a type from.
    static func placeholder(_ detail: KindField?) -> Self
    /// The value of `field`, or nil when it holds another type.
    static func decoded(from value: FieldValue, links: FieldLinks) -> Self?
}

extension FrontMatterScalar {
    static func probePlaceholder(_ detail: KindField?) -> (FieldType, Any) {
        (fieldType(detail), placeholder(detail))
    }
}

/// Where front matter's files and site links are on the built site, when it is known (while
/// drawing cells and pages); while parsing, values keep what was written.
struct FieldLinks: Sendable {
    var file: @Sendable (FileReference) -> String?
    var url: @Sendable (String) -> String

    static let asWritten = FieldLinks(file: { $0.remoteURL ?? $0.written }, url: { $0 })
}

/// The value a probe decodes for a field: its example, else its default, as written.
private func written(_ detail: KindField?) -> String? {
    detail?.example ?? detail?.defaultValue
}

private func number(_ detail: KindField?) -> Double {
    if let text = written(detail), let value = Double(text) { return value }
    if let minimum = detail?.minimum { return minimum }
    if let maximum = detail?.maximum, maximum < 0 { return maximum }
    return 0
}

extension String: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .string }
    static func placeholder(_ detail: KindField?) -> String {
        written(detail) ?? String(repeating: "x", count: Swift.max(1, Int(detail?.minimum ?? 1)))
    }
    static func decoded(from value: FieldValue, links: FieldLinks) -> String? {
        switch value {
        case .string(let text): text
        case .html(_, let source): source
        case .url(let text): links.url(text)
        case .file(let reference): links.file(reference) ?? reference.written
        default: nil
        }
    }
}

extension Int: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .int }
    static func placeholder(_ detail: KindField?) -> Int { Int(number(detail)) }
    static func decoded(from value: FieldValue, links: FieldLinks) -> Int? { value.int }
}

extension Double: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .number }
    static func placeholder(_ detail: KindField?) -> Double { number(detail) }
    static func decoded(from value: FieldValue, links: FieldLinks) -> Double? {
        switch value {
        case .number(let number): number
        case .int(let number): Double(number)
        default: nil
        }
    }
}

extension Bool: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .bool }
    static func placeholder(_ detail: KindField?) -> Bool { written(detail) == "true" }
    static func decoded(from value: FieldValue, links: FieldLinks) -> Bool? { value.bool }
}

extension Date: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .date }
    static func placeholder(_ detail: KindField?) -> Date {
        written(detail).flatMap { DateParser.parse($0, timeZone: TimeZone(identifier: "UTC") ?? .current) }
            ?? Date(timeIntervalSince1970: detail?.minimum ?? 0)
    }
    static func decoded(from value: FieldValue, links: FieldLinks) -> Date? { value.date }
}

extension URL: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .url }
    static func placeholder(_ detail: KindField?) -> URL {
        written(detail).flatMap(URL.init(string:)) ?? URL(fileURLWithPath: "/")
    }
    static func decoded(from value: FieldValue, links: FieldLinks) -> URL? {
        guard case .url(let text) = value else { return nil }
        return URL(string: links.url(text)) ?? URL(string: text)
    }
}

/// What ``FilePath`` and ``ImagePath`` share: a file of the site, as the front matter writes it
/// and where pages find it (`contentPath`: the file under `content/`, which only images keep).
protocol SiteFileValue: FrontMatterScalar {
    init(path: String, url: String, contentPath: String?)
}

extension SiteFileValue {
    /// Reads the string a plain `Decoder` holds, as written (Cellar's own decoding checks and resolves it).
    init(writtenIn decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self.init(path: text, url: text, contentPath: nil)
    }

    static func placeholder(_ detail: KindField?) -> Self {
        Self(path: written(detail) ?? "", url: written(detail) ?? "", contentPath: nil)
    }

    static func decoded(from value: FieldValue, links: FieldLinks) -> Self? {
        guard case .file(let reference) = value else { return nil }
        return Self(path: reference.written, url: links.file(reference) ?? reference.written, contentPath: reference.contentPath)
    }
}

extension ImagePath: SiteFileValue {
    static func fieldType(_ detail: KindField?) -> FieldType { .image }
}

extension FilePath: SiteFileValue {
    static func fieldType(_ detail: KindField?) -> FieldType { .path }
}

/// What ``Markdown`` and ``InlineMarkdown`` share: the Markdown as written and its HTML.
protocol RenderedMarkdownValue: FrontMatterScalar {
    init(source: String, html: String)
}

extension RenderedMarkdownValue {
    /// Reads the string a plain `Decoder` holds; only Cellar's own decoding renders it (else `html` is the escaped text).
    init(writtenIn decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self.init(source: text, html: Escaping.htmlText(text))
    }

    static func placeholder(_ detail: KindField?) -> Self { Self(source: written(detail) ?? "", html: "") }

    static func decoded(from value: FieldValue, links: FieldLinks) -> Self? {
        guard case .html(let html, let source) = value else { return nil }
        return Self(source: source, html: html)
    }
}

extension Markdown: RenderedMarkdownValue {
    static func fieldType(_ detail: KindField?) -> FieldType { .markdown }
}

extension InlineMarkdown: RenderedMarkdownValue {
    static func fieldType(_ detail: KindField?) -> FieldType { .text }
}

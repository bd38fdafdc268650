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

extension ImagePath: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .image }
    static func placeholder(_ detail: KindField?) -> ImagePath {
        ImagePath(path: written(detail) ?? "", url: written(detail) ?? "")
    }
    static func decoded(from value: FieldValue, links: FieldLinks) -> ImagePath? {
        guard case .file(let reference) = value else { return nil }
        return ImagePath(path: reference.written, url: links.file(reference) ?? reference.written, contentPath: reference.contentPath)
    }
}

extension FilePath: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .path }
    static func placeholder(_ detail: KindField?) -> FilePath {
        FilePath(path: written(detail) ?? "", url: written(detail) ?? "")
    }
    static func decoded(from value: FieldValue, links: FieldLinks) -> FilePath? {
        guard case .file(let reference) = value else { return nil }
        return FilePath(path: reference.written, url: links.file(reference) ?? reference.written)
    }
}

extension Markdown: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .markdown }
    static func placeholder(_ detail: KindField?) -> Markdown { Markdown(source: written(detail) ?? "", html: "") }
    static func decoded(from value: FieldValue, links: FieldLinks) -> Markdown? {
        guard case .html(let html, let source) = value else { return nil }
        return Markdown(source: source, html: html)
    }
}

extension InlineMarkdown: FrontMatterScalar {
    static func fieldType(_ detail: KindField?) -> FieldType { .text }
    static func placeholder(_ detail: KindField?) -> InlineMarkdown { InlineMarkdown(source: written(detail) ?? "", html: "") }
    static func decoded(from value: FieldValue, links: FieldLinks) -> InlineMarkdown? {
        guard case .html(let html, let source) = value else { return nil }
        return InlineMarkdown(source: source, html: html)
    }
}

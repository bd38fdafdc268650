internal import CellarEscaping

/// The HTML a cell or page writes: text is escaped unless you say it is markup.
///
/// As with Plot's `.text` and `.raw`, escaping is the default and markup is the exception you
/// name: ``text(_:)`` escapes `& < > " '`, ``raw(_:)`` appends as is. The element helpers escape
/// attribute values, so nothing read from front matter can break out of the page.
///
/// ```swift
/// html.element("p", ["class": "rating"]) { p in
///     p.text("\(item.fields.rating)/10")
/// }
/// ```
public struct HTML: Sendable, Hashable, CustomStringConvertible {
    var storage: String

    /// An empty buffer.
    public init() {
        storage = ""
    }

    /// Appends `text`, escaped: it shows as written, whatever characters it holds.
    public mutating func text(_ text: String) {
        storage += Escaping.htmlText(text)
    }

    /// Appends a number or any other value by its description, escaped.
    public mutating func text(_ value: some CustomStringConvertible) {
        text(value.description)
    }

    /// Appends `html` as it is: use it for markup you wrote, never for text read from content.
    public mutating func raw(_ html: String) {
        storage += html
    }

    /// Appends rendered Markdown (a `markdown` field): its HTML, as Cellar rendered it.
    public mutating func raw(_ markdown: Markdown) {
        storage += markdown.html
    }

    /// Appends rendered inline Markdown (a `text` field): its HTML, as Cellar rendered it.
    public mutating func raw(_ markdown: InlineMarkdown) {
        storage += markdown.html
    }

    /// Appends `<name attributes…>`, what `content` writes, then `</name>`.
    /// - Parameters:
    ///   - name: the element's name, such as `p` or `article`; written as given.
    ///   - attributes: names and values, in order; values are escaped, and a nil value leaves the attribute out.
    ///   - content: writes the element's content into the same buffer.
    public mutating func element(
        _ name: String, _ attributes: KeyValuePairs<String, String?> = [:], _ content: (inout HTML) throws -> Void
    ) rethrows {
        open(name, attributes)
        try content(&self)
        storage += "</" + name + ">"
    }

    /// Appends an element holding only `text`, escaped: `<h3 class="title">Dune</h3>`.
    public mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:], text: String) {
        open(name, attributes)
        self.text(text)
        storage += "</" + name + ">"
    }

    /// Appends an element that has no content and no closing tag, such as `img` or `br`.
    public mutating func void(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
        open(name, attributes)
    }

    /// The HTML written so far.
    public var description: String { storage }

    private mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String?>) {
        storage += "<" + name
        for (attribute, value) in attributes {
            guard let value else { continue }
            storage += " " + attribute + "=\"" + Escaping.htmlText(value) + "\""
        }
        storage += ">"
    }
}

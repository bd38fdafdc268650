/// A kind of item declared as a Swift type: its properties are the kind's fields.
///
/// Cellar reads the fields, their types and which are optional from the type's `Decodable`
/// conformance, so a Swift kind gets what a theme's `kinds/<name>.yml` gets: front matter typed
/// with located errors and did-you-mean, `cellar kinds`, JSON Schemas and `cellar new <kind>`.
///
/// ```swift
/// struct Review: Kind {
///     var rating: Int
///     var poster: ImagePath?
///     var verdict: Verdict?
///
///     static let description = "A review with a rating out of ten."
///     static let fields = [KindField("rating", description: "Score out of ten", minimum: 0, maximum: 10)]
/// }
/// enum Verdict: String, Decodable, CaseIterable { case mustSee = "must-see", good, skip }
/// ```
///
/// Property types map to field types: `String` (`string`), ``InlineMarkdown`` (`text`),
/// ``Markdown`` (`markdown`), `Int`, `Double` (`number`), `Bool`, `Date`, `URL`, ``ImagePath``
/// (`image`), ``FilePath`` (`path`), a `String` enum that is `CaseIterable` (`enum`), arrays
/// (lists), and nested `Decodable` structs (`object`). An optional property is an optional field.
/// The fields every item has (`title`, `date`, `tags`…) are typed for every kind; declare one
/// only to read it from ``Item/fields``.
///
/// Errors a custom `init(from:)` throws (`DecodingError.dataCorruptedError(forKey:in:debugDescription:)`)
/// are reported at the value's place in the file, like any other front-matter error.
public protocol Kind: Decodable, Sendable {
    /// The kind's name, as front matter (`kind: review`) and sections name it. Default: the
    /// type's name in snake case (`BookReview` → `book_review`). A theme kind of the same name is
    /// replaced by this one.
    static var name: String { get }
    /// How `cellar kinds` and editors name the kind. Default: its name in words (`book_review` → `Book review`).
    static var label: String { get }
    /// One sentence about the kind, for `cellar kinds` and JSON Schemas. Default: none (empty).
    static var description: String { get }
    /// Whether items of this kind get a page of their own. Default: true.
    static var hasPage: Bool { get }
    /// What the types of the properties cannot say: bounds, defaults, descriptions and labels,
    /// each naming its field as the front matter does. Default: none.
    static var fields: [KindField] { get }
}

extension Kind {
    /// The type's name in snake case: `BookReview` → `book_review`.
    public static var name: String { KindNaming.snakeCase(KindNaming.typeName(Self.self)) }

    /// The kind's name in words: `book_review` → `Book review`.
    public static var label: String { KindNaming.words(name) }

    /// No description.
    public static var description: String { "" }

    /// Items of the kind have pages.
    public static var hasPage: Bool { true }

    /// No details beyond what the types say.
    public static var fields: [KindField] { [] }
}

/// What a ``Kind``'s property types cannot say about one of its fields: bounds, a default, a
/// description, labels.
///
/// ```swift
/// static let fields = [
///     KindField("rating", description: "Score out of ten", minimum: 0, maximum: 10),
///     KindField("verdict", default: "good", valueLabels: ["must-see": "Must see"]),
/// ]
/// ```
///
/// A field named here that the type does not decode is reported when the site is built.
public struct KindField: Sendable, Hashable {
    /// The field's name as front matter writes it (the property's coding key); a field of a nested
    /// struct is named by its path, `maker.name`.
    public var name: String
    /// One sentence about the field, for `cellar kinds`, JSON Schemas and `cellar new`.
    public var description: String?
    /// How pages name the field; default: its name in words.
    public var label: String?
    /// The least value: of a number, the length of a text, the time of a date (seconds since 1970).
    public var minimum: Double?
    /// The greatest value, as for ``minimum``.
    public var maximum: Double?
    /// The fewest items a list may have.
    public var minimumItems: Int?
    /// The most items a list may have.
    public var maximumItems: Int?
    /// The value when the front matter has none, written as front matter would write it
    /// (`"good"`, `"false"`, `"2024-01-31"`); typed like a value of the field. A field with a
    /// default is optional in front matter even when its property is not.
    public var defaultValue: String?
    /// For an enum field: a label for each value, shown instead of the value by pages.
    public var valueLabels: [String: String]
    /// For an image field: the text field holding its alt text (default: `<name>_alt` when the kind has it).
    public var alt: String?
    /// A value your `init(from:)` accepts, written as front matter would write it (`"1.4.0"`).
    /// Cellar learns a kind's fields by decoding it once from stand-in values (the default, else
    /// the minimum, the first enum case, `0`, `"x"`): a field whose checks refuse those needs one.
    public var example: String?

    /// Describes the field `name`; every other detail is optional.
    public init(
        _ name: String, description: String? = nil, label: String? = nil,
        minimum: Double? = nil, maximum: Double? = nil, minimumItems: Int? = nil, maximumItems: Int? = nil,
        default defaultValue: String? = nil, valueLabels: [String: String] = [:], alt: String? = nil,
        example: String? = nil
    ) {
        self.name = name
        self.description = description
        self.label = label
        self.minimum = minimum
        self.maximum = maximum
        self.minimumItems = minimumItems
        self.maximumItems = maximumItems
        self.defaultValue = defaultValue
        self.valueLabels = valueLabels
        self.alt = alt
        self.example = example
    }
}

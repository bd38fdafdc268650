/// What a value given to templates is, as far as its names go: what the template checker checks
/// `{{name}}`, sections and dotted names against, and what the manual's reference of values is
/// generated from (``ValuesReference``). One description, so the two never disagree.
indirect enum ValueShape: Sendable {
    /// Values that print and hold no names.
    case text, number, flag, html
    case object(ObjectShape)
    /// A section repeats for each element.
    case list(ValueShape)
    /// `t`: the theme's texts, by name (see ``ThemeText``).
    case themeText
    /// Anything: names under it are not checked.
    case open

    /// Tells shapes apart for the checker's memo: two values with the same signature hold the same names.
    var signature: String {
        switch self {
        case .object(let shape): "{\(shape.noun)#\(shape.members.count)}"
        case .list(let element): "[" + element.signature + "]"
        default: typeName
        }
    }

    var object: ObjectShape? {
        if case .object(let shape) = self { return shape }
        return nil
    }

    /// How the reference names the type: `text`, `list of tags`, `date`.
    var typeName: String {
        switch self {
        case .text: "text"
        case .number: "number"
        case .flag: "true/false"
        case .html: "HTML"
        case .object(let shape): shape.typeName
        case .list(let element): "list of " + element.pluralTypeName
        case .themeText: "theme text"
        case .open: "any"
        }
    }

    private var pluralTypeName: String {
        switch self {
        case .text: "text"
        case .number: "numbers"
        case .flag: "true/false"
        case .html: "HTML"
        case .object(let shape): shape.pluralTypeName
        case .list(let element): "lists of " + element.pluralTypeName
        case .themeText: "theme texts"
        case .open: "anything"
        }
    }
}

/// A value that holds names: an item, a page, a date…
struct ObjectShape: Sendable {
    /// How the reference names its type (`date`, `tag`) and titles its table ("Values of a date").
    var typeName: String
    var pluralTypeName: String
    var title: String
    /// What an unknown name is not, for messages: "a field of kind 'book'", "a value of a date".
    var noun: String
    /// What `{{value}}` itself prints; nil when it prints nothing.
    var prints: String?
    var members: [Member]
    /// What to say after an unknown name (nil: the names it has).
    var hint: String?

    init(typeName: String, plural: String? = nil, title: String, noun: String, prints: String? = nil, members: [Member],
         hint: String? = nil) {
        self.hint = hint
        self.typeName = typeName
        self.pluralTypeName = plural ?? typeName + "s"
        self.title = title
        self.noun = noun
        self.prints = prints
        self.members = members
    }

    func member(_ name: String) -> Member? {
        members.first { $0.name == name }
    }

    /// One name an object holds.
    struct Member: Sendable {
        var name: String
        var shape: ValueShape
        /// One line for the reference.
        var about: String

        init(_ name: String, _ shape: ValueShape, _ about: String) {
            self.name = name
            self.shape = shape
            self.about = about
        }
    }
}

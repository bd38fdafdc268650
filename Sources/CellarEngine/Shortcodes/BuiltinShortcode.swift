import CellarDiagnostics
import CellarYAML

/// A shortcode Cellar draws itself, for every theme: declared like a theme's (typed arguments,
/// positional names) but drawn by Swift, because what it draws is worked out — a chart's bars from
/// a data file. A theme's own `shortcodes/<name>.yml` of the same name replaces it.
protocol BuiltinShortcode: Sendable {
    var name: String { get }
    var description: String { get }
    var positional: [String] { get }
    var arguments: Schema { get }
    /// The call's HTML, or nil after reporting why it cannot be drawn.
    func draw(_ arguments: [String: TypedField], context: BuiltinShortcodeContext, diagnostics: inout DiagnosticBag) -> String?
}

extension Schema {
    /// The arguments of the built-in shortcode `name`, declared in `yaml` as a theme's
    /// `shortcodes/<name>.yml` writes them (``SchemaParser``). The YAML is Cellar's own: a mistake
    /// in it is a programming error.
    init(builtinShortcode name: String, yaml: String) {
        let file = "<\(name) shortcode>"
        var diagnostics = DiagnosticBag()
        guard let node = try? YAMLParser().parse(yaml, file: file) else { preconditionFailure("\(name)'s schema") }
        self = SchemaParser(file: file).parseFields(node, diagnostics: &diagnostics)
        precondition(!diagnostics.hasErrors, "\(name)'s schema: \(diagnostics)")
    }
}

/// What a built-in shortcode may use while it draws: the call's place, a unique id for the page,
/// and the site's files — each one read is recorded, so that the body is drawn again when it changes.
struct BuiltinShortcodeContext {
    /// Where the call is written.
    var location: SourceLocation
    /// Unique on the page the body is drawn on (made from the item's anchor and the call's place).
    var id: String
    /// Reads a file of `content/` by its content path; nil after reporting why it cannot.
    var read: (_ contentPath: String, _ diagnostics: inout DiagnosticBag) -> String?
    /// How a file of `content/` is named in messages (`content/perf/times.csv`).
    var display: (_ contentPath: String) -> String
    /// Whether `content/` holds a file at this content path (asked without a message).
    var exists: (_ contentPath: String) -> Bool = { _ in false }
    /// The Markdown files of a folder of `content/` (each `x.md`, and `x/index.md` of a bundle; not
    /// `_index.md`), sorted: the body depends on the listing, so adding or removing one draws it again.
    var list: (_ contentFolder: String) -> [String] = { _ in [] }
    /// The `id` the site's anchor style makes of a text.
    var anchor: (_ text: String) -> String = { $0 }
    /// The content folder of the item whose body calls the shortcode (`posts/hello`, or "").
    var directory: String = ""
    /// Renders Markdown read from a file as part of the body being drawn; nil where no more files
    /// may be included.
    var include: Include?

    /// Renders `text`, the whole of the file at a content path (front matter and all), as part of
    /// the body: its links, shortcodes and code blocks like the body's own; nil after reporting
    /// why it cannot.
    typealias Include = (_ text: String, _ contentPath: String, _ diagnostics: inout DiagnosticBag) -> String?
}

/// The shortcodes every site has.
enum BuiltinShortcodes {
    static let all: [String: any BuiltinShortcode] = {
        let shortcodes: [any BuiltinShortcode] = [ChartShortcode(), DefinitionsShortcode(), IncludeShortcode()]
        return Dictionary(uniqueKeysWithValues: shortcodes.map { ($0.name, $0) })
    }()
}

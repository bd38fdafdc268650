import CellarDiagnostics
import CellarMustache

/// Checks each `{{name}}`, section and partial of a theme's templates against what the renderer
/// will give them (``TemplateValues``): a cell against its kind's fields and the values every item
/// has, a layout against the page values. A tag is wrong only when it is wrong everywhere it is
/// rendered — a partial shared by several cells may name a field of any of them — and is then
/// reported once, at the tag, with a did-you-mean.
struct TemplateChecker {
    /// Resolves partials and parents (the theme's library).
    let library: MustacheLibrary
    /// The theme's texts in English, which every language has (for `t.name`).
    let texts: [String: ThemeTextMessage]
    /// `themes/<theme>/i18n/en.yml` as shown, for hints.
    let textFile: String

    /// Every template walked, by its path as shown: what is used.
    private(set) var visited: Set<String> = []
    private var outcomes: [TagPlace: Outcome] = [:]
    /// Each template already walked in a context: walking it again there finds nothing new.
    private var walked: Set<String> = []

    init(library: MustacheLibrary, texts: [String: ThemeTextMessage], textFile: String) {
        self.library = library
        self.texts = texts
        self.textFile = textFile
    }

    /// Walks `template` (and every partial and parent it includes) with `root` as its context.
    mutating func check(_ template: MustacheTemplate, root: ValueShape) {
        walk(template.tags, file: template.name, stack: [root], overrides: [], depth: 0)
        visited.insert(template.name)
    }

    /// The tags that resolved nowhere they are rendered, sorted by place.
    var diagnostics: [Diagnostic] {
        outcomes.filter { !$0.value.resolved }.compactMap(\.value.problem)
            .sorted { ($0.location?.file ?? "", $0.location?.line ?? 0, $0.location?.column ?? 0)
                < ($1.location?.file ?? "", $1.location?.line ?? 0, $1.location?.column ?? 0) }
    }

    // MARK: - Private

    private struct TagPlace: Hashable {
        var file: String
        var line: Int
        var column: Int
        var name: String
    }

    private struct Outcome {
        var resolved = false
        var problem: Diagnostic?
    }

    /// A block's content passed by a parent tag, with the template it is written in.
    private struct Override {
        var tags: [MustacheTag]
        var file: String
    }

    /// Deepest nesting of partials and parents followed (recursive partials stop here).
    private static let maxDepth = 12

    private mutating func walk(_ tags: [MustacheTag], file: String, stack: [ValueShape],
                               overrides: [[String: Override]], depth: Int) {
        for tag in tags {
            switch tag.kind {
            case .variable:
                _ = lookup(tag, file: file, stack: stack)
            case .section(let inverted):
                let shape = lookup(tag, file: file, stack: stack)
                var inner = stack
                if !inverted { inner.append(Self.pushed(shape ?? .open)) }
                walk(tag.children, file: file, stack: inner, overrides: overrides, depth: depth)
            case .partial(let dynamic):
                if dynamic {
                    _ = lookup(tag, file: file, stack: stack)
                } else if depth < Self.maxDepth, let partial = try? library.template(named: tag.name),
                          firstWalk(partial.name, stack: stack, overrides: overrides) {
                    visited.insert(partial.name)
                    walk(partial.tags, file: partial.name, stack: stack, overrides: overrides, depth: depth + 1)
                }
            case .parent(let dynamic):
                if dynamic { _ = lookup(tag, file: file, stack: stack) }
                var arguments: [String: Override] = [:]
                for block in tag.children where block.kind == .block {
                    arguments[block.name] = Override(tags: block.children, file: file)
                }
                if !dynamic, depth < Self.maxDepth, let parent = try? library.template(named: tag.name) {
                    visited.insert(parent.name)
                    if firstWalk(parent.name, stack: stack, overrides: overrides + [arguments]) {
                        walk(parent.tags, file: parent.name, stack: stack, overrides: overrides + [arguments], depth: depth + 1)
                    }
                } else {
                    for (_, argument) in arguments.sorted(by: { $0.key < $1.key }) {
                        walk(argument.tags, file: argument.file, stack: stack, overrides: overrides, depth: depth)
                    }
                }
            case .block:
                if let override = overrides.lazy.compactMap({ $0[tag.name] }).first {
                    walk(override.tags, file: override.file, stack: stack, overrides: overrides, depth: depth)
                } else {
                    walk(tag.children, file: file, stack: stack, overrides: overrides, depth: depth)
                }
            }
        }
    }

    /// Whether `template` is walked for the first time with this stack and these blocks.
    private mutating func firstWalk(_ template: String, stack: [ValueShape], overrides: [[String: Override]]) -> Bool {
        var key = template + "|" + stack.map(\.signature).joined(separator: "/") + "|"
        for arguments in overrides {
            for (name, override) in arguments.sorted(by: { $0.key < $1.key }) {
                key += "\(name)@\(override.file):\(override.tags.first?.line ?? 0):\(override.tags.first?.column ?? 0),"
            }
            key += ";"
        }
        return walked.insert(key).inserted
    }

    /// What a section over `shape` puts on the stack: a list's element, else the value.
    private static func pushed(_ shape: ValueShape) -> ValueShape {
        if case .list(let element) = shape { return element }
        return shape
    }

    /// Resolves the tag's name, recording whether it did; nil when it did not.
    private mutating func lookup(_ tag: MustacheTag, file: String, stack: [ValueShape]) -> ValueShape? {
        let place = TagPlace(file: file, line: tag.line, column: tag.column, name: tag.name)
        let at = SourceLocation(file: file, line: tag.line, column: tag.column)
        switch resolve(tag.name, in: stack, at: at) {
        case .success(let shape):
            outcomes[place, default: Outcome()].resolved = true
            return shape
        case .failure(let problem):
            if outcomes[place]?.problem == nil { outcomes[place, default: Outcome()].problem = problem }
            return nil
        }
    }
}

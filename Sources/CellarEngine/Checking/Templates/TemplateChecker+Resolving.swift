import CellarDiagnostics

extension TemplateChecker {
    /// What `name` resolves to on `stack`, as the renderer looks names up: the first part on the
    /// innermost value that has it, each later part inside the one before.
    func resolve(_ name: String, in stack: [ValueShape], at location: SourceLocation) -> Result<ValueShape, Diagnostic> {
        if name == "." { return .success(stack.last ?? .open) }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first else { return .success(.open) }
        var shape: ValueShape?
        for frame in stack.reversed() {
            switch frame {
            case .open: return .success(.open)
            case .object(let object):
                if let member = object.member(first) { shape = member.shape }
            default: break
            }
            if shape != nil { break }
        }
        guard var current = shape else {
            let objects = stack.compactMap(\.object)
            let noun = objects.last?.noun ?? "a value here"
            let visible = objects.flatMap { $0.members.map(\.name) }
            return .failure(.error("'\(first)' is not \(noun)" + Self.didYouMean(first, visible), at: location,
                                   hint: Self.hint(for: objects.last)))
        }
        var path = first
        for key in parts.dropFirst() {
            switch current {
            case .open:
                return .success(.open)
            case .object(let object):
                guard let member = object.member(key) else {
                    return .failure(.error("'\(key)' is not \(object.noun)" + Self.didYouMean(key, object.members.map(\.name)),
                                           at: location, hint: Self.hint(for: object)))
                }
                current = member.shape
            case .themeText:
                guard let message = texts[key] else {
                    return .failure(.error("'\(key)' is not a text of the theme" + Self.didYouMean(key, texts.keys),
                                           at: location, hint: "the theme's texts are named in \(textFile)"))
                }
                for placeholder in message.placeholders {
                    if case .failure(let problem) = resolve(placeholder, in: stack, at: location) {
                        return .failure(.error("the text '\(key)' fills {\(placeholder)}, but \(problem.message)",
                                               at: location, hint: "use it where {\(placeholder)} has a value, or change \(textFile)"))
                    }
                }
                current = .text
            case .list:
                return .failure(.error("'\(path)' is a list; it has no '\(key)'", at: location,
                                       hint: "go through its elements with a section: {{#\(path)}}{{\(key)}}{{/\(path)}}"))
            case .text, .number, .flag, .html:
                return .failure(.error("'\(path)' is \(current.typeName); it has no '\(key)'", at: location))
            }
            path += "." + key
        }
        return .success(current)
    }

    private static func didYouMean(_ name: String, _ candidates: some Sequence<String>) -> String {
        Suggestion.didYouMean(name, in: candidates)
    }

    private static func hint(for object: ObjectShape?) -> String? {
        guard let object else { return nil }
        if let hint = object.hint { return hint }
        let names = object.members.map(\.name).filter { !$0.hasPrefix("is_") }
        let shown = names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", …" : "")
        return "it has: \(shown)"
    }
}

/// What a ``MustacheLibrary`` knows about each template name it has been asked for.
struct TemplateCache {
    enum Entry {
        case ready(MustacheTemplate)
        case missing
        case failed(MustacheError)
    }

    /// Compiled and validated, with every template they name.
    var ready: [String: MustacheTemplate] = [:]
    /// The loader has no template by these names.
    var missing: Set<String> = []
    /// Loading these failed with the error kept here.
    var failed: [String: MustacheError] = [:]

    func entry(for name: String) -> Entry? {
        if let template = ready[name] { return .ready(template) }
        if missing.contains(name) { return .missing }
        if let error = failed[name] { return .failed(error) }
        return nil
    }
}

/// What a ``MustacheLibrary`` knows about each template name it has been asked for.
struct TemplateCache {
    enum Entry {
        case ready(MustacheTemplate)
        case missing
        case failed(MustacheError)
    }

    /// Compiled and validated, with every template they name.
    private(set) var ready: [String: MustacheTemplate] = [:]
    /// The programs of `ready`, unretained (`ready` holds them) so renders can look them up without
    /// touching reference counts shared between threads.
    private(set) var programs: [String: Unmanaged<Program>] = [:]
    /// The loader has no template by these names.
    var missing: Set<String> = []
    /// Loading these failed with the error kept here.
    var failed: [String: MustacheError] = [:]

    mutating func add(_ template: MustacheTemplate, named name: String) {
        ready[name] = template
        programs[name] = Unmanaged.passUnretained(template.program)
    }

    func entry(for name: String) -> Entry? {
        if let template = ready[name] { return .ready(template) }
        if missing.contains(name) { return .missing }
        if let error = failed[name] { return .failed(error) }
        return nil
    }
}

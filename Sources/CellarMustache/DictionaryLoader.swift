/// Templates held in memory by name; each template's name is also its path in errors.
public struct DictionaryLoader: MustacheLoader {
    let templates: [String: String]

    /// - Parameter templates: template sources by name.
    public init(_ templates: [String: String]) {
        self.templates = templates
    }

    public func loadTemplate(named name: String) -> (source: String, path: String)? {
        templates[name].map { (source: $0, path: name) }
    }

    public func searchedLocations(for name: String) -> [String] {
        []
    }
}

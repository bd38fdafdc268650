/// Templates held in memory by name; each template's name is also its path in errors.
package struct DictionaryLoader: MustacheLoader {
    let templates: [String: String]

    /// - Parameter templates: template sources by name.
    package init(_ templates: [String: String]) {
        self.templates = templates
    }

    package func loadTemplate(named name: String) -> (source: String, path: String)? {
        templates[name].map { (source: $0, path: name) }
    }

    package func searchedLocations(for name: String) -> [String] {
        []
    }
}

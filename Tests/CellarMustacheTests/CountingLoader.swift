import AnnotatedLocking
import CellarMustache
import Synchronization

/// A loader that counts how often each template is loaded.
final class CountingLoader: MustacheLoader {
    let templates: [String: String]
    let counts = Mutex<[String: Int]>([:])

    init(_ templates: [String: String]) {
        self.templates = templates
    }

    func loadTemplate(named name: String) -> (source: String, path: String)? {
        counts.withAnnotatedLock { $0[name, default: 0] += 1 }
        return templates[name].map { ($0, "templates/\(name).html") }
    }

    func searchedLocations(for name: String) -> [String] {
        ["templates/\(name).html"]
    }

    func loads(of name: String) -> Int {
        counts.withAnnotatedLock { $0[name] ?? 0 }
    }
}

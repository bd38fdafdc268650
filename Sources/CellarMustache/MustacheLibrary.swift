import AnnotatedLocking
import Synchronization

/// Compiles each named template once and resolves partials and parents through a loader.
/// Safe to share between threads: the cache is behind a `Mutex`, compiled templates are values.
///
/// ```swift
/// let library = MustacheLibrary(loader: DirectoryLoader(folders: ["themes/default/partials"]))
/// let html = try library.render("cell", ["title": "Dune"])
/// ```
package final class MustacheLibrary: Sendable {
    /// What a partial or parent tag does when its template does not exist.
    package enum MissingPartialPolicy: Sendable {
        /// Throw ``MustacheError/Reason/unknownPartial(name:searched:)``; static names are checked
        /// when a template is loaded, dynamic ones when they render.
        case error
        /// Render nothing, as the Mustache spec asks.
        case renderEmpty
    }

    let loader: any MustacheLoader
    let missingPartials: MissingPartialPolicy
    /// Bounds applied to every template this library compiles and renders.
    package let limits: MustacheLimits
    let cache = Mutex(TemplateCache())

    /// - Parameters:
    ///   - loader: where template sources come from.
    ///   - missingPartials: what an unknown partial or parent does; Cellar uses `.error`, the spec `.renderEmpty`.
    ///   - limits: bounds for every template this library compiles and renders.
    package init(loader: any MustacheLoader, missingPartials: MissingPartialPolicy = .error, limits: MustacheLimits = .default) {
        self.loader = loader
        self.missingPartials = missingPartials
        self.limits = limits
    }

    /// The template `name`, compiled once, with the partials and parents it names loaded and checked:
    /// with the `.error` policy an unknown one is an error located at its tag, and so is a
    /// template that includes itself outside any section or a parent chain that loops.
    package func template(named name: String) throws(MustacheError) -> MustacheTemplate {
        if let template = try loadedTemplate(named: name) {
            return template
        }
        throw MustacheError(
            .templateNotFound(name: name, searched: loader.searchedLocations(for: name)), template: name, line: 0, column: 0)
    }

    /// Renders the template `name` with `context`.
    package func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        try template(named: name).render(context, library: self)
    }

    /// Renders the template `name` with `context`, appending to `buffer`.
    package func render(_ name: String, _ context: MustacheValue, into buffer: inout String) throws(MustacheError) {
        try template(named: name).render(context, library: self, into: &buffer)
    }

    /// The programs of every template compiled so far, by name; the cache keeps them alive.
    func compiledPrograms() -> [String: Unmanaged<Program>] {
        cache.withAnnotatedLock { $0.programs }
    }

    /// The template `name` from the cache, else loaded now; nil when the loader has none.
    func loadedTemplate(named name: String) throws(MustacheError) -> MustacheTemplate? {
        switch cache.withAnnotatedLock({ $0.entry(for: name) }) {
        case .ready(let template): return template
        case .missing: return nil
        case .failed(let error): throw error
        case nil: return try load(name)
        }
    }
}

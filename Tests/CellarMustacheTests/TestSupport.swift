@testable import CellarMustache
import Testing

/// Renders `source` (named "test") with `data`, partials from `partials`, through a library.
func render(
    _ source: String, _ data: MustacheValue = [:], partials: [String: String] = [:],
    missing: MustacheLibrary.MissingPartialPolicy = .error
) throws(MustacheError) -> String {
    let library = MustacheLibrary(loader: DictionaryLoader(partials), missingPartials: missing)
    return try MustacheTemplate(source: source, name: "test").render(data, library: library)
}

/// Expects `source` to render as `expected`.
func expectRender(
    _ source: String, _ data: MustacheValue = [:], partials: [String: String] = [:],
    missing: MustacheLibrary.MissingPartialPolicy = .error, _ expected: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let output = try render(source, data, partials: partials, missing: missing)
        #expect(output == expected, sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
    }
}

/// The error `body` throws, or nil (recording an issue) when it throws none.
func mustacheError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(MustacheError) -> Void
) -> MustacheError? {
    do {
        try body()
        Issue.record("expected a MustacheError", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Expects compiling `source` as "test" to fail with exactly `description`.
func expectCompileError(
    _ source: String, _ description: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = mustacheError(sourceLocation: sourceLocation) { () throws(MustacheError) in
        _ = try MustacheTemplate(source: source, name: "test")
    }
    #expect(error?.description == description, sourceLocation: sourceLocation)
}

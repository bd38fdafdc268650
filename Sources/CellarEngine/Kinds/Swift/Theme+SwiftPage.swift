import CellarDiagnostics

extension Theme.SwiftPage {
    /// What the Swift page draws for `item`: the lead of its page.
    func render(_ item: ContentItem, environment: RenderEnvironment) throws -> String {
        try Self.render(page, item, environment: environment)
    }

    private static func render<Page: PageTemplate>(_ page: Page, _ content: ContentItem,
                                                   environment: RenderEnvironment) throws -> String {
        let item = try Item<Page.Fields>(content, environment: environment)
        var html = HTML()
        do {
            try page.render(item, into: &html)
        } catch let error as DiagnosticConvertible {
            throw error.diagnostic
        } catch {
            throw Diagnostic.error("cannot render the page of \(content.file): \(error)", at: content.location)
        }
        return html.storage
    }
}

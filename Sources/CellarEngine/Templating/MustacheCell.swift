import CellarMustache

/// A theme's cell: `cells/<kind>.html`, drawing a content item through its template.
struct MustacheCell: CellTemplate {
    typealias Item = ContentItem

    let kind: String
    let template: MustacheTemplate
    let library: MustacheLibrary
    let environment: RenderEnvironment

    func render(_ item: ContentItem, into html: inout String) throws {
        try template.render(.custom(ItemContext(item: item, environment: environment)), library: library, into: &html)
    }
}

import CellarMustache

/// A theme's cell: `cells/<kind>.html`, drawing a content item through its template.
struct MustacheCell: CellTemplate {
    let template: MustacheTemplate
    let library: MustacheLibrary
    let environment: RenderEnvironment

    func render(_ item: Item<ThemeKindFields>, into html: inout HTML) throws {
        try template.render(.custom(ItemContext(item: item.content, environment: environment)), library: library,
                            into: &html.storage)
    }
}

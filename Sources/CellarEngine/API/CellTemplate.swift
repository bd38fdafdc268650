/// A cell: draws one item of one kind into a list — the role `ConfigurableCell` plays for a
/// `UITableView`. Register it for its kind with ``Site/register(kind:cell:)``; it then draws that
/// kind on every list (home, sections, tags), beside the theme's Mustache cells of other kinds.
///
/// ```swift
/// struct ReviewCell: CellTemplate {
///     func render(_ item: Item<Review>, into html: inout HTML) {
///         html.element("article", ["class": "cell cell-review", "id": item.anchor]) { html in
///             html.element("h3", text: item.title)
///             html.element("p", ["class": "rating"], text: "\(item.fields.rating)/10")
///         }
///     }
/// }
/// ```
public protocol CellTemplate: Sendable {
    /// The kind of the items it draws.
    associatedtype Fields: Kind
    /// Appends the cell's HTML for `item`.
    /// - Throws: any error; the build then fails with a diagnostic naming the item.
    func render(_ item: Item<Fields>, into html: inout HTML) throws
}

/// The part of an item page that is particular to its kind — what a theme's `pages/<kind>.html`
/// draws in the `lead` block of its `layouts/item.html`: the theme still draws the page around it
/// (head, title, date, body, tags, neighbours). Register it with ``Site/register(kind:cell:page:)``.
public protocol PageTemplate: Sendable {
    /// The kind of the items whose pages it draws.
    associatedtype Fields: Kind
    /// Appends the HTML for the lead of `item`'s page.
    /// - Throws: any error; the build then fails with a diagnostic naming the item.
    func render(_ item: Item<Fields>, into html: inout HTML) throws
}

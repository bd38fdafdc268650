import Foundation

/// Splits an ordered run of items into titled groups — by year, by month, or by a field's value —
/// keeping the order: groups appear in the order their first item does.
struct ItemGrouper {
    var grouping: Grouping
    var dates: DateFormatting
    /// Title of the group of items that lack the grouping value.
    var otherTitle = "Other"
    /// The kinds, for the labels an `enum` field gives its values (`values: {must-see: Must see}`).
    var kinds: [String: KindDefinition] = [:]

    /// `elements` in titled groups, `item` telling which item each element stands for (an item,
    /// or its place in a list of items) and `date` its date (asked instead of the item when the
    /// grouping is by date: a caller may know the dates without reaching every item).
    func group<Element>(_ elements: some Collection<Element>, date: (Element) -> Date?, item: (Element) -> ContentItem)
        -> [(title: String?, elements: [Element])] {
        if grouping == .none { return elements.isEmpty ? [] : [(nil, Array(elements))] }
        var titles: [String] = []
        var groups: [String: [Element]] = [:]
        var others: [Element] = []
        for element in elements {
            guard let title = title(of: element, date: date, item: item) else {
                others.append(element)
                continue
            }
            if groups[title] == nil { titles.append(title) }
            groups[title, default: []].append(element)
        }
        var result: [(title: String?, elements: [Element])] = titles.map { ($0, groups[$0] ?? []) }
        if !others.isEmpty { result.append((otherTitle, others)) }
        return result
    }

    private func title<Element>(of element: Element, date: (Element) -> Date?, item: (Element) -> ContentItem) -> String? {
        switch grouping {
        case .none: return nil
        case .year: return date(element).map { String(dates.components($0).year) }
        case .month: return date(element).map { dates.month($0) }
        case .field(let name):
            let item = item(element)
            guard let value = item.fields[name]?.value else { return nil }
            switch value {
            case .date(let date): return dates.long(date)
            case .list(let items): return items.first?.value.string
            case .html(_, let source): return source
            case .null: return nil
            case .string(let text):
                let spec = kinds[item.kind]?.schema[name]
                return spec?.valueLabels[text] ?? text
            default: return value.string
            }
        }
    }
}

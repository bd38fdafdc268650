/// Splits an ordered run of items into titled groups — by year, by month, or by a field's value —
/// keeping the order: groups appear in the order their first item does.
struct ItemGrouper {
    var grouping: Grouping
    var dates: DateFormatting
    /// Title of the group of items that lack the grouping value.
    var otherTitle = "Other"
    /// The kinds, for the labels an `enum` field gives its values (`values: {must-see: Must see}`).
    var kinds: [String: KindDefinition] = [:]

    func group(_ items: [ContentItem]) -> [(title: String?, items: [ContentItem])] {
        if grouping == .none { return items.isEmpty ? [] : [(nil, items)] }
        var titles: [String] = []
        var groups: [String: [ContentItem]] = [:]
        var others: [ContentItem] = []
        for item in items {
            guard let title = title(of: item) else {
                others.append(item)
                continue
            }
            if groups[title] == nil { titles.append(title) }
            groups[title, default: []].append(item)
        }
        var result: [(title: String?, items: [ContentItem])] = titles.map { ($0, groups[$0] ?? []) }
        if !others.isEmpty { result.append((otherTitle, others)) }
        return result
    }

    private func title(of item: ContentItem) -> String? {
        switch grouping {
        case .none: return nil
        case .year: return item.date.map { String(dates.components($0).year) }
        case .month: return item.date.map { dates.month($0) }
        case .field(let name):
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

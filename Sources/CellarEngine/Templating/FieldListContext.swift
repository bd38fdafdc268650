import CellarMustache

/// `item.fields`: every field of an item's kind that has a value, in schema order, labelled and
/// typed for showing — so a layout can draw any kind's page without knowing its fields (dates
/// formatted, URLs linked, images with their alt text, scores on a short scale as ratings, each
/// with its type's name for styling). Alt-text fields show with their image.
struct FieldListContext {
    let item: ContentItem
    let environment: RenderEnvironment

    var fields: MustacheValue {
        guard let kind = environment.kinds[item.kind] else { return .list([]) }
        let altFields = Set(kind.fields.fields.compactMap(\.altField))
        return .list(kind.fields.fields.compactMap { spec in
            guard !altFields.contains(spec.name), let value = item.fields[spec.name]?.value else { return nil }
            return entry(spec, value)
        })
    }

    var hasFields: Bool {
        if case .list(let entries) = fields { return !entries.isEmpty }
        return false
    }

    // MARK: - Private

    /// The name, label and typed value of one field; nil when it has no value to show.
    private func entry(_ spec: FieldSpec, _ value: FieldValue) -> MustacheValue? {
        var result: MustacheRecord = ["name": .string(spec.name), "label": .string(spec.displayLabel),
                                      "type": .string(Self.typeName(spec.type))]
        switch (value, spec.type) {
        case (.null, _):
            return nil
        case (.list(let elements), .list(let element)):
            var inner = spec
            inner.type = element
            let items = elements.compactMap { self.value(of: $0.value, spec: inner) }
            guard !items.isEmpty else { return nil }
            result["is_list"] = .bool(true)
            result["items"] = .list(items.map(MustacheValue.record))
        case (.object(let fields), .object(let specs)):
            let nested = specs.compactMap { spec in fields[spec.name].flatMap { entry(spec, $0.value) } }
            guard !nested.isEmpty else { return nil }
            result["is_group"] = .bool(true)
            result["fields"] = .list(nested)
        default:
            guard let typed = self.value(of: value, spec: spec) else { return nil }
            result.merge(typed)
        }
        return .record(result)
    }

    /// One value, by its type: text, HTML, a date, a link, an image or a file.
    private func value(of value: FieldValue, spec: FieldSpec) -> MustacheRecord? {
        switch value {
        case .string(let text):
            guard !text.isEmpty else { return nil }
            return ["is_text": .bool(true), "text": .string(spec.valueLabels[text] ?? text)]
        case .int(let score):
            var result: MustacheRecord = ["is_text": .bool(true), "text": .string(value.string ?? "")]
            if let scale = Self.ratingScale(spec), (scale.lowerBound...scale.upperBound).contains(score) {
                result["is_rating"] = .bool(true)
                result["rating"] = .record([
                    "value": .int(score), "max": .int(scale.upperBound),
                    "stars": .list((1...scale.upperBound).map { .record(["filled": .bool($0 <= score)]) }),
                ])
            }
            return result
        case .number:
            return ["is_text": .bool(true), "text": .string(value.string ?? "")]
        case .bool(let flag):
            let table = environment.text(for: item)
            let word = table.text(flag ? "yes" : "no") { _ in nil } ?? (flag ? "Yes" : "No")
            return ["is_text": .bool(true), "text": .string(word)]
        case .html(let html, _):
            return ["is_html": .bool(true), "html": .html(html)]
        case .date(let date):
            return ["is_date": .bool(true), "date": .custom(DateContext(date: date, dates: environment.dates, language: item.language))]
        case .url(let text):
            return ["is_link": .bool(true), "link": .custom(URLValueContext(url: environment.url.href(written: text)))]
        case .file(let reference):
            guard let href = environment.fileHref(reference) else { return nil }
            guard spec.type == .image else { return ["is_file": .bool(true), "href": .string(href)] }
            return ["is_image": .bool(true), "src": .string(href), "alt": .string(alt(for: spec))]
        case .list, .object, .null:
            return nil
        }
    }

    /// The scale of a score drawn as stars: an `int` field with `min` 0 or 1 and `max` from 3 to 10.
    static func ratingScale(_ spec: FieldSpec) -> ClosedRange<Int>? {
        guard spec.type == .int, let minimum = spec.minimum, let maximum = spec.maximum,
              minimum == 0 || minimum == 1, (3...10).contains(maximum), maximum == maximum.rounded() else { return nil }
        return Int(minimum)...Int(maximum)
    }

    /// A type's name for styling: the schema's word, `list` for any list.
    static func typeName(_ type: FieldType) -> String {
        if case .list = type { return "list" }
        return type.description
    }

    /// The image's alt text: its alt field's, else its label and the item's title.
    private func alt(for spec: FieldSpec) -> String {
        if let name = spec.altField, let text = item.fields[name]?.value.string, !text.isEmpty { return text }
        return spec.displayLabel + ": " + item.title
    }
}

import CellarMustache

/// Typed values as templates see them — an item's field in a cell or page, a shortcode's argument
/// alike: `enum` values that can be tested (`{{#style.toggle}}`), dates with their forms, URLs with
/// their host, files as the address they are published at.
struct FieldTemplateValues {
    let dates: DateFormatting
    let url: SiteURL
    /// The address of the file a `path` or `image` field names (nil: none is published).
    let fileHref: (FileReference) -> String?
    /// A processed image's markup, for `image` fields whose file was processed.
    var picture: (FileReference) -> PictureMarkup? = { _ in nil }

    /// `value` as a template sees it; dates in `language` (nil: the site's).
    func value(_ value: FieldValue, type: FieldType?, labels: [String: String] = [:], language: String?) -> MustacheValue {
        switch value {
        case .string(let text):
            if case .enumeration(let values)? = type {
                return .custom(EnumValueContext(value: text, values: values, label: labels[text] ?? text))
            }
            return .string(text)
        case .html(let html, _): return .html(html)
        case .int(let number): return .int(number)
        case .number(let number): return .double(number)
        case .bool(let flag): return .bool(flag)
        case .date(let date): return .custom(DateContext(date: date, dates: dates, language: language))
        case .url(let text): return .custom(URLValueContext(url: url.href(written: text)))
        case .file(let reference):
            if case .image? = type {
                return .custom(ImageValueContext(url: fileHref(reference) ?? "", picture: picture(reference)))
            }
            return .string(fileHref(reference) ?? "")
        case .list(let items):
            let element: FieldType? = if case .list(let inner)? = type { inner } else { nil }
            return .list(items.map { self.value($0.value, type: element, labels: labels, language: language) })
        case .object(let fields):
            let specs: [FieldSpec] = if case .object(let specs)? = type { specs } else { [] }
            return .object(Dictionary(uniqueKeysWithValues: fields.map { name, field in
                (name, self.value(field.value, type: specs.first { $0.name == name }?.type, language: language))
            }))
        case .null: return .null
        }
    }
}

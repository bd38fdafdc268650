import CellarMustache
import Foundation

/// A date: prints RFC 3339; `.long`, `.short`, `.iso`, `.day`, `.year`, `.month` for other forms.
/// The localised forms are in `language` — the item's the date belongs to (nil: the site's).
struct DateContext: MustacheObject {
    let date: Date
    let dates: DateFormatting
    var language: String?

    var mustacheInterpolation: MustacheValue? { .string(dates.iso(date)) }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "iso": .string(dates.iso(date))
        case "long": .string(dates.long(date, in: language))
        case "short": .string(dates.short(date, in: language))
        case "day": .string(dates.day(date))
        case "year": .int(dates.components(date).year)
        case "month": .int(dates.components(date).month)
        case "month_name": .string(dates.month(date, in: language))
        case "rfc822": .string(dates.rfc822(date))
        default: nil
        }
    }
}

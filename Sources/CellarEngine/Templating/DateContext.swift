import CellarMustache
import Foundation

/// A date: prints RFC 3339; `.long`, `.short`, `.iso`, `.day`, `.year`, `.month` for other forms.
struct DateContext: MustacheObject {
    let date: Date
    let dates: DateFormatting

    var mustacheInterpolation: MustacheValue? { .string(dates.iso(date)) }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "iso": .string(dates.iso(date))
        case "long": .string(dates.long(date))
        case "short": .string(dates.short(date))
        case "day": .string(dates.day(date))
        case "year": .int(dates.components(date).year)
        case "month": .int(dates.components(date).month)
        case "month_name": .string(dates.month(date))
        case "rfc822": .string(dates.rfc822(date))
        default: nil
        }
    }
}

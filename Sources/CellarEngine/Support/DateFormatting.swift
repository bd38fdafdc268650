import AnnotatedLocking
import Foundation
import Synchronization

/// Dates as pages and feeds print them, in the site's time zone: localised forms in the site's
/// language or in any other an item asks for, machine forms written by hand (fast). Foundation's
/// formatters are costly, so each language gets its three once, shared by every thread of the
/// build, and each day's forms are cached.
package final class DateFormatting: Sendable {
    package let timeZone: TimeZone
    /// The language of ``long(_:)``, ``short(_:)`` and ``month(_:)`` without one (the site's).
    let language: String
    private let site: Localized
    /// The other languages items are in, each made the first time one asks for it.
    private let others = Mutex<[String: Localized]>([:])

    /// The localised forms of one language, with their formatters.
    private final class Localized: Sendable {
        private let state: Mutex<State>

        private struct State {
            var long: DateFormatter
            var short: DateFormatter
            var month: DateFormatter
            var cache: [Int: Forms] = [:]
        }

        init(language: String, timeZone: TimeZone) {
            let locale = DateFormatting.locale(for: language)
            func formatter(_ configure: (DateFormatter) -> Void) -> DateFormatter {
                let formatter = DateFormatter()
                formatter.locale = locale
                formatter.timeZone = timeZone
                configure(formatter)
                return formatter
            }
            state = Mutex(State(
                long: formatter { $0.dateStyle = .long; $0.timeStyle = .none },
                short: formatter { $0.dateStyle = .medium; $0.timeStyle = .none },
                month: formatter { $0.setLocalizedDateFormatFromTemplate("MMMMy") }
            ))
        }

        /// The forms of `date`, whose day in the site's zone is `day` (the cache's key).
        func forms(_ date: Date, day: Int) -> Forms {
            state.withAnnotatedLock { state in
                if let forms = state.cache[day] { return forms }
                let forms = Forms(long: state.long.string(from: date), short: state.short.string(from: date),
                                  month: state.month.string(from: date))
                state.cache[day] = forms
                return forms
            }
        }
    }

    struct Forms {
        var long: String
        var short: String
        var month: String
    }

    /// UTC, in English: for dates written into files (`cellar new`, JSON Schemas, `cellar kinds`).
    package static let utc = DateFormatting(timeZone: TimeZone(identifier: "UTC") ?? .current, language: "en")

    package init(timeZone: TimeZone, language: String) {
        self.timeZone = timeZone
        self.language = language
        self.site = Localized(language: language, timeZone: timeZone)
    }

    /// "July 13, 2024" in the site's language; "2024年5月12日" in `ja`.
    package func long(_ date: Date, in language: String? = nil) -> String { forms(date, in: language).long }
    /// "Jul 13, 2024": the short form in `language` (nil: the site's).
    package func short(_ date: Date, in language: String? = nil) -> String { forms(date, in: language).short }
    /// "July 2024", for month groups: month and year in `language` (nil: the site's).
    package func month(_ date: Date, in language: String? = nil) -> String { forms(date, in: language).month }

    /// RFC 3339 in the site's zone: `2024-07-13T22:03:53Z`, `2024-07-14T00:03:53+02:00`.
    package func iso(_ date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let c = civil(date, offset: offset)
        let zone = offset == 0 ? "Z" : Self.offsetString(offset, colon: true)
        return "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day))T\(pad(c.hour)):\(pad(c.minute)):\(pad(c.second))\(zone)"
    }

    /// `2024-07-13`, in the site's zone.
    package func day(_ date: Date) -> String {
        let c = civil(date, offset: timeZone.secondsFromGMT(for: date))
        return "\(pad(c.year, 4))-\(pad(c.month))-\(pad(c.day))"
    }

    /// RFC 822 for RSS: `Sat, 13 Jul 2024 22:03:53 +0000`.
    func rfc822(_ date: Date) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        let c = civil(date, offset: offset)
        let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = days[((c.daysSinceEpoch % 7) + 7) % 7]
        return "\(weekday), \(pad(c.day)) \(months[c.month - 1]) \(pad(c.year, 4)) \(pad(c.hour)):\(pad(c.minute)):\(pad(c.second)) "
            + Self.offsetString(offset, colon: false)
    }

    /// Year, month and day in the site's zone.
    package func components(_ date: Date) -> (year: Int, month: Int, day: Int) {
        let c = civil(date, offset: timeZone.secondsFromGMT(for: date))
        return (c.year, c.month, c.day)
    }

    // MARK: - Private

    private func forms(_ date: Date, in language: String? = nil) -> Forms {
        let day = civil(date, offset: timeZone.secondsFromGMT(for: date)).daysSinceEpoch
        guard let language, language != self.language else { return site.forms(date, day: day) }
        let localized = others.withAnnotatedLock { others in
            if let localized = others[language] { return localized }
            let localized = Localized(language: language, timeZone: timeZone)
            others[language] = localized
            return localized
        }
        return localized.forms(date, day: day)
    }

    /// Foundation's locale for a BCP 47 tag (`zh-Hant-TW` → `zh_Hant_TW`).
    private static func locale(for language: String) -> Locale {
        Locale(identifier: language.replacingOccurrences(of: "-", with: "_"))
    }

    private struct Civil {
        var year, month, day, hour, minute, second, daysSinceEpoch: Int
    }

    private func civil(_ date: Date, offset: Int) -> Civil {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        return Civil(year: year, month: month, day: day, hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60,
                     daysSinceEpoch: days)
    }

    private func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func offsetString(_ offset: Int, colon: Bool) -> String {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let hours = String(minutes / 60), mins = String(minutes % 60)
        let h = hours.count == 1 ? "0" + hours : hours
        let m = mins.count == 1 ? "0" + mins : mins
        return sign + h + (colon ? ":" : "") + m
    }
}

import CellarEngine
import Foundation

/// A date as Hugo and Jekyll sites write them, read leniently: `2016-1-29`, `2016-06-13 2:00:00`,
/// `2026-06-03 17:45`, `2020-01-02T10:00:00+0100`, `2006-01-02 15:04:05 -0700 MST`, `2020/01/02`,
/// `January 2, 2006`, `Mon, 02 Jan 2006 15:04:05 GMT`, `2 Jan 2006 3:04 PM`.
struct LooseDate: Sendable, Hashable {
    var year: Int, month: Int, day: Int
    var hour = 0, minute = 0, second = 0
    /// Digits after the seconds' point, as written.
    var fraction = ""
    var hasTime = false
    /// Seconds east of UTC when the text gives a zone; nil: the site's time zone applies.
    var offset: Int?
    /// The text it was read from.
    var written: String?

    /// The instant, reading a date without a zone in `zone`.
    func instant(in zone: TimeZone) -> Date {
        let days = DateParser.daysFromCivil(year: year, month: month, day: day)
        let local = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + (Double("0." + fraction) ?? 0)
        if let offset { return Date(timeIntervalSince1970: local - Double(offset)) }
        let guess = Date(timeIntervalSince1970: local)
        let zoneOffset = zone.secondsFromGMT(for: guess.addingTimeInterval(-Double(zone.secondsFromGMT(for: guess))))
        return Date(timeIntervalSince1970: local - Double(zoneOffset))
    }

    /// The form Cellar reads, meaning the same instant: `2016-01-29`, `2016-06-13T02:00:00`, `…+01:00`.
    var cellarText: String {
        var text = String(format: "%04d-%02d-%02d", year, month, day)
        guard hasTime || offset != nil else { return text }
        text += String(format: "T%02d:%02d:%02d", hour, minute, second)
        if !fraction.isEmpty { text += "." + fraction }
        if let offset {
            if offset == 0 { return text + "Z" }
            let sign = offset < 0 ? "-" : "+"
            text += String(format: "%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        }
        return text
    }

    /// Year, month and day as a generator puts them in URLs: Jekyll turns every date into the
    /// site's zone; Hugo keeps the zone a date was written in (`ownZone`).
    func calendarDay(in zone: TimeZone, ownZone: Bool) -> (year: Int, month: Int, day: Int) {
        if ownZone || offset == nil { return (year, month, day) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant(in: zone))
        return (parts.year ?? year, parts.month ?? month, parts.day ?? day)
    }
}

extension LooseDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// Zone names that mean one offset, in hours (the ones Go's and Ruby's formats print).
    private static let zoneNames: [String: Int] = [
        "z": 0, "utc": 0, "gmt": 0, "ut": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6,
        "pst": -8, "pdt": -7, "cet": 1, "cest": 2, "bst": 1, "wet": 0, "west": 1, "eet": 2, "eest": 3,
    ]

    /// Reads `text`; nil when it is not a date in any form the generators accept.
    static func parse(_ text: String) -> LooseDate? {
        var scanner = Tokens(text.trimmingCharacters(in: .whitespaces))
        guard !scanner.isAtEnd else { return nil }
        if scanner.peekLetters().map({ weekdays.contains(String($0.prefix(3)).lowercased()) }) == true {
            _ = scanner.letters()
            _ = scanner.skip(",")
        }
        var date: LooseDate
        if let first = scanner.digits() {
            if first.count == 4 {
                // 2016-1-29, 2016/01/29
                guard let separator = scanner.next(in: "-/"), let month = scanner.number(maxDigits: 2),
                      scanner.skip(separator), let day = scanner.number(maxDigits: 2) else { return nil }
                date = LooseDate(year: Int(first) ?? 0, month: month, day: day)
            } else if first.count <= 2, let day = Int(first) {
                // 2 Jan 2006, 02-Jan-2006
                _ = scanner.next(in: "- ")
                guard let name = scanner.letters(), let month = monthNumber(name) else { return nil }
                _ = scanner.next(in: "- ,")
                guard let year = scanner.digits(), year.count == 4 else { return nil }
                date = LooseDate(year: Int(year) ?? 0, month: month, day: day)
            } else {
                return nil
            }
        } else if let name = scanner.letters(), let month = monthNumber(name) {
            // January 2, 2006
            guard let day = scanner.number(maxDigits: 2) else { return nil }
            _ = scanner.skip(",")
            guard let year = scanner.digits(), year.count == 4 else { return nil }
            date = LooseDate(year: Int(year) ?? 0, month: month, day: day)
        } else {
            return nil
        }
        guard (1...12).contains(date.month), (1...DateParser.daysIn(month: date.month, year: date.year)).contains(date.day)
        else { return nil }
        _ = scanner.next(in: "Tt")
        if let hour = scanner.number(maxDigits: 2) {
            guard scanner.skip(":"), let minute = scanner.number(exactDigits: 2), hour < 24, minute < 60 else { return nil }
            date.hasTime = true
            date.hour = hour
            date.minute = minute
            if scanner.skip(":") {
                guard let second = scanner.number(exactDigits: 2), second < 61 else { return nil }
                date.second = min(second, 59)
                if scanner.skip(".") {
                    guard let fraction = scanner.digits() else { return nil }
                    date.fraction = String(fraction.prefix(9))
                }
            }
            if let meridiem = scanner.peekLetters()?.lowercased(), meridiem == "am" || meridiem == "pm" {
                _ = scanner.letters()
                guard (1...12).contains(hour) else { return nil }
                date.hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
            }
        }
        // A zone: Z, UTC, +01:00, +0100, +01, then maybe a name after an offset (`-0700 MST`).
        if let sign = scanner.next(in: "+-") {
            guard let hours = scanner.number(exactDigits: 2), hours < 24 else { return nil }
            _ = scanner.skip(":")
            let minutes = scanner.number(exactDigits: 2) ?? 0
            date.offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
            _ = scanner.letters()
        } else if let name = scanner.letters() {
            guard let hours = zoneNames[name.lowercased()] else { return nil }
            date.offset = hours * 3600
        }
        guard scanner.isAtEnd else { return nil }
        date.written = text
        return date
    }

    private static func monthNumber(_ name: Substring) -> Int? {
        guard name.count >= 3 else { return nil }
        return months.firstIndex(of: String(name.prefix(3)).lowercased()).map { $0 + 1 }
    }

    /// A cursor over the characters of a date, skipping spaces between tokens.
    private struct Tokens {
        private let characters: [Character]
        private var index = 0

        init(_ text: String) { characters = Array(text) }

        var isAtEnd: Bool {
            mutating get { skipSpaces(); return index == characters.count }
        }

        private mutating func skipSpaces() {
            while index < characters.count, characters[index] == " " { index += 1 }
        }

        mutating func digits() -> Substring? {
            skipSpaces()
            let start = index
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            return index > start ? Substring(String(characters[start..<index])) : nil
        }

        mutating func number(maxDigits: Int) -> Int? {
            let saved = index
            guard let text = digits(), text.count <= maxDigits else { index = saved; return nil }
            return Int(text)
        }

        /// Exactly `exactDigits` digits, even when more follow (`+0100` is `01` then `00`).
        mutating func number(exactDigits: Int) -> Int? {
            skipSpaces()
            guard index + exactDigits <= characters.count,
                  characters[index..<index + exactDigits].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            defer { index += exactDigits }
            return Int(String(characters[index..<index + exactDigits]))
        }

        func peekLetters() -> Substring? {
            var copy = self
            return copy.letters()
        }

        mutating func letters() -> Substring? {
            skipSpaces()
            let start = index
            while index < characters.count, characters[index].isASCII, characters[index].isLetter { index += 1 }
            return index > start ? Substring(String(characters[start..<index])) : nil
        }

        /// Consumes one of `set` (after spaces); returns it.
        mutating func next(in set: String) -> Character? {
            skipSpaces()
            guard index < characters.count, set.contains(characters[index]) else { return nil }
            index += 1
            return characters[index - 1]
        }

        mutating func skip(_ character: Character) -> Bool {
            next(in: String(character)) != nil
        }
    }
}

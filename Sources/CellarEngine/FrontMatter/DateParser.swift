import Foundation

/// Reads the dates people write in front matter: `2024-07-13`, `2024-07-13 22:03`,
/// `2024-07-13T22:03:53Z`, `2024-07-13T22:03:53.5+02:00`. Dates without a zone are in the site's time zone.
package enum DateParser {
    package static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = bytes[index + offset]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var hour = 0, minute = 0, second = 0.0
        var offset: Int?
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t") || bytes[index] == 0x20
            else { return nil }
            index += 1
            guard let h = number(2), expect(UInt8(ascii: ":")), let m = number(2), h < 24, m < 60 else { return nil }
            hour = h
            minute = m
            if expect(UInt8(ascii: ":")) {
                guard let s = number(2), s < 61 else { return nil }
                second = Double(s)
                if expect(UInt8(ascii: ".")) {
                    var scale = 0.1
                    var digits = 0
                    while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                        second += Double(bytes[index] - 48) * scale
                        scale /= 10
                        index += 1
                        digits += 1
                    }
                    guard digits > 0 else { return nil }
                }
            }
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
            if index < bytes.count {
                if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
                    index += 1
                    offset = 0
                } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
                    index += 1
                    guard let oh = number(2), oh < 24 else { return nil }
                    _ = expect(UInt8(ascii: ":"))
                    let om = number(2) ?? 0
                    offset = sign * (oh * 3600 + om * 60)
                } else {
                    return nil
                }
            }
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let local = Double(days * 86_400 + hour * 3600 + minute * 60) + second
        if let offset { return Date(timeIntervalSince1970: local - Double(offset)) }
        // No zone written: the wall-clock time in the site's zone.
        let guess = Date(timeIntervalSince1970: local)
        let zoneOffset = timeZone.secondsFromGMT(for: guess.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: guess))))
        return Date(timeIntervalSince1970: local - Double(zoneOffset))
    }

    /// For text shaped like a date whose parts do not exist (`2026-13-01`, `2026-02-30`, `25:00`):
    /// which part is out of range, in words; nil for anything else.
    static func rangeProblem(_ text: String) -> String? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == "t" || $0 == " " || $0 == ":" })
        guard parts.count >= 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        guard (1...12).contains(month) else { return "the month \(parts[1]) is out of range (01 to 12)" }
        let days = daysIn(month: month, year: year)
        guard (1...days).contains(day) else {
            return "the day \(parts[2]) is out of range (\(String(format: "%04d-%02d", year, month)) has \(days) days)"
        }
        if parts.count >= 5, let hour = Int(parts[3]), let minute = Int(parts[4]) {
            if hour > 23 { return "the hour \(parts[3]) is out of range (00 to 23)" }
            if minute > 59 { return "the minute \(parts[4]) is out of range (00 to 59)" }
        }
        return nil
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    package static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// A UTC calendar date and time from seconds since 1970, without Foundation's formatters
/// (Howard Hinnant's `civil_from_days`).
struct CivilDate {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    init(secondsSinceEpoch seconds: Int) {
        let days = seconds / 86_400
        let time = seconds % 86_400
        hour = time / 3600
        minute = time % 3600 / 60
        second = time % 60
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// `2023-04-05T06:07:08Z`
    var iso8601: String {
        "\(year)-\(Self.two(month))-\(Self.two(day))T\(Self.two(hour)):\(Self.two(minute)):\(Self.two(second))Z"
    }

    /// `2023/04`
    var yearMonthPath: String { "\(year)/\(Self.two(month))" }

    private static func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}

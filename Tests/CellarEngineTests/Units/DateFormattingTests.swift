@testable import CellarEngine
import Foundation
import Testing

/// Localised dates in the site's language and in any other an item asks for: one set of
/// formatters per language, shared by every thread of a build (run under `--sanitize=thread`).
@Suite struct DateFormattingTests {
    private let may12 = Date(timeIntervalSince1970: 1_715_500_000)   // 2024-05-12T07:46:40Z

    @Test(arguments: [
        ("ja", "2024年5月12日"), ("zh-Hans", "2024年5月12日"), ("zh-Hant-TW", "2024年5月12日"), ("ko", "2024년 5월 12일"),
        ("vi", "ngày 12 tháng 5, 2024"), ("fr", "12 mai 2024"), ("en", "May 12, 2024"),
    ])
    func longDatesAreInTheLanguageAskedFor(_ language: String, _ long: String) {
        let dates = DateFormatting(timeZone: TimeZone(identifier: "UTC")!, language: "en")
        #expect(dates.long(may12, in: language) == long)
        #expect(dates.long(may12) == "May 12, 2024")   // the site's stays as it was
    }

    @Test func everyThreadGetsTheSameFormsInEveryLanguage() async {
        let dates = DateFormatting(timeZone: TimeZone(identifier: "Asia/Tokyo")!, language: "ja")
        let languages = ["ja", "zh-Hans", "zh-Hant", "ko", "vi", "fr", "de", "en"]
        let days = (0..<60).map { may12.addingTimeInterval(Double($0) * 86_400 * 7) }
        let expected = languages.map { language in days.map { dates.long($0, in: language) + dates.short($0, in: language) } }
        let results = await withTaskGroup(of: (Int, [String]).self) { group in
            for round in 0..<32 {
                group.addTask {
                    let index = round % languages.count
                    return (index, days.reversed().map { dates.long($0, in: languages[index]) + dates.short($0, in: languages[index]) }.reversed())
                }
            }
            var results: [(Int, [String])] = []
            for await result in group { results.append(result) }
            return results
        }
        for (index, forms) in results { #expect(forms == expected[index]) }
    }
}

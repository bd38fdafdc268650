@testable import CellarEngine
import Foundation
import Testing

/// The dates people write in front matter, with and without a zone; and what is not a date.
@Suite struct DateParserTests {
    let utc = TimeZone(identifier: "UTC")!
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let newYork = TimeZone(identifier: "America/New_York")!

    func seconds(_ text: String, _ zone: TimeZone? = nil) -> Double? {
        DateParser.parse(text, timeZone: zone ?? utc)?.timeIntervalSince1970
    }

    @Test func everyWrittenForm() {
        #expect(seconds("2024-07-13") == 1_720_828_800)
        #expect(seconds("2024-07-13 22:03") == 1_720_908_180)
        #expect(seconds("2024-07-13T22:03:53Z") == 1_720_908_233)
        #expect(seconds("2024-07-13t22:03:53z") == 1_720_908_233)
        #expect(seconds("2024-07-13T22:03:53.5+02:00") == 1_720_901_033.5)
        #expect(seconds("2024-07-13T22:03:53-0500") == 1_720_926_233)
        #expect(seconds("2024-07-13 22:03:53 +02:00") == 1_720_901_033)
    }

    @Test func withoutAZoneTheSiteZoneApplies() {
        #expect(seconds("2024-07-13", tokyo) == Double(1_720_828_800 - 9 * 3600))
        // Daylight saving time: New York is UTC−4 in July and UTC−5 in January.
        #expect(seconds("2024-07-13 12:00", newYork) == Double(1_720_872_000 + 4 * 3600))
        #expect(seconds("2024-01-13 12:00", newYork) == Double(1_705_147_200 + 5 * 3600))
    }

    @Test func leapYearsAndMonthLengths() {
        #expect(seconds("2024-02-29") != nil)
        #expect(seconds("2000-02-29") != nil)
        #expect(seconds("1900-02-29") == nil)
        #expect(seconds("2023-02-29") == nil)
        #expect(seconds("2024-04-31") == nil)
        #expect(seconds("1969-12-31") == -86_400)
    }

    @Test(arguments: ["2024-13-01", "2024-00-10", "2024-7-13", "24-07-13", "2024-07-13T25:00", "2024-07-13T10:60",
                      "2024-07-13T10:00:00.", "2024-07-13T10:00+25:00", "2024-07-13 10:00 PST", "2024/07/13", "",
                      "yesterday", "2024-07-13T", "2024-07-13x"])
    func notDates(_ text: String) {
        #expect(DateParser.parse(text, timeZone: utc) == nil)
    }
}

/// Foundation on Linux crashes formatting dates in a zone whose data file is missing: such a zone
/// is refused with a diagnostic instead.
@Suite struct TimeZoneDataTests {
    @Test func aZoneIsUsableOnlyWithItsDataFile() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-tz-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        #if os(Linux)
        #expect(SiteConfigLoader.zoneDataIsMissing(paris, folder: empty))
        #expect(!SiteConfigLoader.zoneDataIsMissing(paris, folder: "/usr/share/zoneinfo"))
        #endif
        #expect(!SiteConfigLoader.zoneDataIsMissing(try #require(TimeZone(identifier: "UTC")), folder: empty))
    }
}

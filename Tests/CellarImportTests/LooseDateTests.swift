@testable import CellarImport
import Foundation
import Testing

/// Dates as generators' sites write them, read leniently and rewritten in the form Cellar reads.
@Suite struct LooseDateTests {
    @Test(arguments: [
        ("2016-1-29", "2016-01-29"),
        ("2016-06-13 2:00:00", "2016-06-13T02:00:00"),
        ("2026-06-03 17:45", "2026-06-03T17:45:00"),
        ("2020-01-02T10:00:00+0100", "2020-01-02T10:00:00+01:00"),
        ("2020-01-02 10:00:00 +01:00", "2020-01-02T10:00:00+01:00"),
        ("2006-01-02 15:04:05 -0700 MST", "2006-01-02T15:04:05-07:00"),
        ("2006-01-02 15:04:05.999 +0000 UTC", "2006-01-02T15:04:05.999Z"),
        ("2020/01/02", "2020-01-02"),
        ("January 2, 2006", "2006-01-02"),
        ("Mon, 02 Jan 2006 15:04:05 GMT", "2006-01-02T15:04:05Z"),
        ("2 Jan 2006 3:04 PM", "2006-01-02T15:04:00"),
        ("2020-01-02T23:30:00Z", "2020-01-02T23:30:00Z"),
    ])
    func sloppyFormsAreRead(_ written: String, _ expected: String) throws {
        let date = try #require(LooseDate.parse(written))
        #expect(date.cellarText == expected)
    }

    @Test(arguments: ["yesterday", "2016-13-01", "2016-02-30", "2016-01-02 25:00", "20-01-02", "2016-01-02 10:00 XYZ", ""])
    func whatIsNotADateIsRefused(_ written: String) {
        #expect(LooseDate.parse(written) == nil)
    }
}

import Foundation

/// The two time zones an import knows: the source's, in which its dates without an offset were
/// read, and the new site's `timezone:`, in which Cellar reads them and works out URLs. They differ
/// only when the source named no zone and its dates carry offsets of another (see ``ZoneChooser``).
struct DateContext: Sendable {
    var sourceZone: TimeZone
    var siteZone: TimeZone

    /// The instant the new site gives a date: a day alone is that day in the site's zone (a day is
    /// a day), a time keeps the instant the source meant.
    func instant(_ date: LooseDate) -> Date {
        date.hasTime || date.offset != nil ? date.instant(in: sourceZone) : date.instant(in: siteZone)
    }

    /// The text to write: the source's when Cellar reads it as the same instant, else Cellar's form
    /// (with the source zone's offset when the zones differ). `rewritten` says whether the source's
    /// text changed (a date from a file name had none).
    func text(_ date: LooseDate) -> (text: String, rewritten: Bool) {
        let instant = instant(date)
        if let written = date.written, DateParser.parse(written, timeZone: siteZone) == instant,
           !written.contains(where: { $0 == "#" || $0 == "'" || $0 == "\"" }) {
            return (written, false)
        }
        var canonical = date
        if date.hasTime, date.offset == nil, sourceZone.identifier != siteZone.identifier {
            canonical.offset = sourceZone.secondsFromGMT(for: instant)
        }
        return (canonical.cellarText, date.written != nil)
    }
}

import CellarEngine

import Foundation

/// Hugo puts a date in a URL in the zone it was written in (`2019-05-26 21:00:00 -0700` is the 26th),
/// Cellar in the site's zone. When a Hugo site names no `timeZone` but its dates carry offsets, the
/// new site's zone is the one that puts the most of them on the day Hugo did — `America/Los_Angeles`
/// for a site whose dates say -07:00 in summer and -08:00 in winter.
enum ZoneChooser {
    /// Zones people name, tried before the others that share their rules (`America/Los_Angeles`, not `America/Tijuana`).
    static let popular = ["America/Los_Angeles", "America/Denver", "America/Chicago", "America/New_York", "America/Sao_Paulo",
                          "Europe/London", "Europe/Paris", "Europe/Berlin", "Europe/Helsinki", "Europe/Moscow", "Asia/Kolkata",
                          "Asia/Shanghai", "Asia/Tokyo", "Australia/Sydney", "Pacific/Auckland"]

    /// The zone keeping the most days, when it keeps more than the source's zone does.
    /// - Parameter dates: every item's date; those without an offset were read in `source`.
    static func best(for dates: [LooseDate], source: TimeZone) -> (zone: TimeZone, kept: Int, before: Int)? {
        let offsetDates = dates.filter { $0.offset != nil }
        guard !offsetDates.isEmpty else { return nil }
        let current = source
        func kept(in zone: TimeZone) -> Int {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let context = DateContext(sourceZone: source, siteZone: zone)
            return dates.count { date in
                let parts = calendar.dateComponents([.year, .month, .day], from: context.instant(date))
                return (parts.year, parts.month, parts.day) == (date.year, date.month, date.day)
            }
        }
        let before = kept(in: current)
        guard before < dates.count else { return nil }
        // Zones whose offset is one the dates use: the popular ones first, then the shortest names.
        let offsets = Set(offsetDates.compactMap(\.offset))
        let sample = offsetDates.first.map { $0.instant(in: current) } ?? Date()
        var best: (TimeZone, Int, Int)?
        let known = TimeZone.knownTimeZoneIdentifiers.sorted { ($0.count, $0) < ($1.count, $1) }
        for identifier in popular + known.filter({ !popular.contains($0) }) {
            guard let zone = TimeZone(identifier: identifier), identifier.contains("/"), !identifier.hasPrefix("Etc/"),
                  offsets.contains(zone.secondsFromGMT(for: sample)) || offsets.contains(zone.secondsFromGMT(for: sample.addingTimeInterval(182 * 86_400)))
            else { continue }
            let count = kept(in: zone)
            // Of zones that keep as many days, the one whose offsets are the dates' own.
            let exact = offsetDates.count { zone.secondsFromGMT(for: $0.instant(in: zone)) == $0.offset }
            if count > before, (count, exact) > (best?.1 ?? 0, best?.2 ?? 0) { best = (zone, count, exact) }
        }
        return best.map { ($0.0, $0.1, before) }
    }
}

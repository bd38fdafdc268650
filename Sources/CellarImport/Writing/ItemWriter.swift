import CellarAuthoring
import CellarEngine
import Foundation

/// Writes an item of the new site: YAML front matter with Cellar's fields (values quoted so they
/// read back as written), the fields kept with `--keep-fields`, then the body.
///
/// Front matter is always YAML, whatever the source used: every value is rewritten anyway (dates
/// normalised, categories merged into tags, fields renamed), and one format for every item keeps the
/// new site uniform; the body is kept byte for byte but for its converted template tags.
struct ItemWriter {
    var dates: DateContext
    /// The types of the kept fields, by their name in the new site.
    var keptTypes: [String: KeptFieldType]

    func text(of item: PlannedItem, body: String, report: inout ImportReport) -> String {
        var lines = ["---", "title: " + YAMLText.quoted(item.fields.title ?? "")]
        if let date = item.date {
            lines.append("date: " + dateText(date, field: "date", at: item.fields.date?.location ?? item.document.location, report: &report))
        }
        if let updated = item.fields.updated {
            lines.append("updated: " + dateText(updated.value, field: "updated", at: updated.location, report: &report))
        }
        if let slug = item.slug { lines.append("slug: " + YAMLText.quoted(slug)) }
        if !item.fields.tags.isEmpty { lines.append("tags: " + Self.list(item.fields.tags)) }
        if item.fields.draft || item.document.isDraftFile { lines.append("draft: true") }
        if let summary = item.fields.summary { lines.append("summary: " + YAMLText.quoted(summary)) }
        if let weight = item.fields.weight, weight != 0 { lines.append("weight: \(weight)") }
        if !item.aliases.isEmpty { lines.append("aliases: " + Self.list(item.aliases)) }
        if let expires = item.fields.expires {
            lines.append("expires: " + dateText(expires.value, field: "expires", at: expires.location, report: &report))
        }
        if let key = item.translationKey { lines.append("translation_key: " + YAMLText.quoted(key)) }
        if let subtitle = item.fields.subtitle { lines.append("subtitle: " + YAMLText.quoted(subtitle)) }
        var written: Set<String> = []
        for kept in item.fields.kept where written.insert(kept.name).inserted {
            guard let type = keptTypes[kept.name], type.schema != nil, let value = type.yaml(kept.node, timeZone: dates.siteZone) else { continue }
            lines.append("\(kept.name): \(value)")
        }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + body
    }

    /// The date as the source wrote it when Cellar reads it as the same instant, else in Cellar's form (noted).
    func dateText(_ date: LooseDate, field: String, at location: CellarDiagnostics.SourceLocation, report: inout ImportReport) -> String {
        let (text, rewritten) = dates.text(date)
        if rewritten {
            report[.datesConverted] += 1
            if let written = date.written {
                report.add(ImportNote(.converted, .date, "'\(field): \(written)' is written \(text)", at: location))
            }
        }
        return text
    }

    static func list(_ values: [String]) -> String {
        "[" + values.map(YAMLText.quoted).joined(separator: ", ") + "]"
    }
}

import CellarDiagnostics

import CellarAuthoring
import CellarEngine
import Foundation

/// Writes the new site's settings (`content/_index.md`) and each section's `_index.md`.
struct SettingsWriter {
    var settings: SourceSettings
    var dialect: SourceDialect

    /// `content/_index.md`: the source's settings in Cellar's words, the link policy, the main menu
    /// (see ``ImportedMenu``), and the home page's introduction.
    func site(rawHTML: Bool, outside: [String], brokenLinks: Int, menu: ImportedMenu, intro: String,
              report: inout ImportReport) -> String {
        var lines = ["---", "title: " + YAMLText.quoted(settings.title ?? "My site")]
        if settings.title == nil {
            report.add(ImportNote(.problem, .setting, "the source has no title; the new site is called \"My site\"",
                                  at: settings.file.map { SourceLocation(file: $0) }, hint: "set title: in content/_index.md"))
        }
        if let description = settings.description { lines.append("description: " + YAMLText.quoted(description)) }
        if let base = settings.baseURL {
            if SiteURL(base) != nil {
                lines.append("base_url: " + base)
            } else {
                report.add(ImportNote(.problem, .setting, "the base URL '\(base)' is not an absolute http(s) address; it was left out",
                                      at: settings.file.map { SourceLocation(file: $0) }))
            }
        }
        if !settings.languages.isEmpty {
            languageLines(&lines, report: &report)
        } else if let language = settings.language {
            // As Cellar checks the setting, so that the new site builds: `en`, `pt-BR`, `en-us`.
            if LanguageTag.isAccepted(language) {
                lines.append("language: " + language)
            } else {
                report.add(ImportNote(.dropped, .setting, "the language '\(language)' is not a language tag such as en or pt-BR; it was left out",
                                      at: settings.file.map { SourceLocation(file: $0) }))
            }
        }
        if let zone = settings.timeZoneName { lines.append("timezone: " + zone) }
        if let author = settings.author { lines.append("author: " + YAMLText.quoted(author)) }
        if let paginate = settings.paginate, (1...10000).contains(paginate) { lines.append("paginate: \(paginate)") }
        if let copyright = settings.copyright { lines.append("copyright: " + YAMLText.quoted(copyright)) }
        if !settings.feedAliases.isEmpty {
            lines.append("feed_aliases: [" + settings.feedAliases.map(YAMLText.scalar).joined(separator: ", ") + "]   # the source's feed addresses")
        }
        // Headings get the ids the source's links were written for.
        var anchors = "anchors: \(settings.anchorStyle.rawValue)"
        if settings.definitionLists { anchors += ", definitions: true" }
        if settings.definitionTermIDs { anchors += ", term_ids: true" }
        lines.append(rawHTML ? "markdown: {unsafe: true, \(anchors)}   # raw HTML in Markdown is let through, as \(dialect.name) rendered it"
                     : "markdown: {\(anchors)}   # headings get their ids as \(dialect.name) gave them")
        if !outside.isEmpty || brokenLinks > 0 {
            lines.append("links:")
            if !outside.isEmpty {
                lines.append("  # Served on this host by other software: links under them are kept and never reported.")
                lines.append("  outside: [" + outside.map(YAMLText.scalar).joined(separator: ", ") + "]")
            }
            if brokenLinks > 0 {
                lines.append(brokenLinks == 1 ? "  # The source has 1 link that leads nowhere (see import-report.json):"
                             : "  # The source has \(brokenLinks) links that lead nowhere (see import-report.json):")
                lines.append(brokenLinks == 1 ? "  # the build reports it as a warning. Set 'broken: error' once it is fixed."
                             : "  # the build reports them as warnings. Set 'broken: error' once they are fixed.")
                lines.append("  broken: warning")
            }
        }
        lines += menu.lines
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + intro
    }

    /// `language:` and `languages:` of a multilingual source, each language with its name, title,
    /// description and order; codes Cellar does not read as language tags are left out, noted.
    private func languageLines(_ lines: inout [String], report: inout ImportReport) {
        let location = settings.file.map { SourceLocation(file: $0) }
        lines.append("language: " + YAMLText.scalar(settings.defaultLanguage))
        lines.append("languages:   # the source's languages; post.vi.md is the Vietnamese of post.md, under /vi/")
        for (order, language) in settings.languages.enumerated() {
            guard LanguageTag.isAccepted(language.code) else {
                report.add(ImportNote(.dropped, .setting, "the language '\(language.code)' is not a language tag such as en or pt-BR; its pages are left out",
                                      at: location))
                continue
            }
            var entry = ["code: " + YAMLText.scalar(language.code)]
            if let name = language.name { entry.append("name: " + YAMLText.quoted(name)) }
            if let title = language.title, title != settings.title { entry.append("title: " + YAMLText.quoted(title)) }
            if let description = language.description, description != settings.description {
                entry.append("description: " + YAMLText.quoted(description))
            }
            entry.append("weight: \(order + 1)")
            lines.append("  - {" + entry.joined(separator: ", ") + "}")
        }
        if settings.defaultLanguageInSubdir { lines.append("default_language_in_subdir: true") }
    }

    /// `_index.vi.md`: a section's (or the home page's) title, description and introduction in another language.
    func indexTranslation(_ document: SourceDocument, body: String) -> String {
        var lines = ["---"]
        let front = document.frontMatter
        if let title = front?.value("title", caseInsensitive: true)?.nonEmptyText { lines.append("title: " + YAMLText.quoted(title)) }
        if let description = front?.value("description", caseInsensitive: true)?.nonEmptyText {
            lines.append("description: " + YAMLText.quoted(description))
        }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + body
    }

    /// A section's `_index.md`.
    func section(_ section: PlannedSection) -> String {
        var lines = ["---", "title: " + YAMLText.quoted(section.title)]
        if let description = section.description { lines.append("description: " + YAMLText.quoted(description)) }
        lines.append("kind: article")
        if let permalink = section.permalink { lines.append("permalink: " + permalink) }
        if let weight = section.weight, weight != 0 { lines.append("weight: \(weight)") }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + (section.index?.body ?? "")
    }
}

import CellarDiagnostics

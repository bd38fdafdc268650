import CellarMustache
@testable import CellarEngine
import CellarSiteTestSupport
import Foundation
import Testing

/// ``TemplateValues`` describes what templates are given; the template checker trusts it and the
/// manual's reference is written from it. These tests hold it to the contexts that really give
/// the values, in both directions, and the manual to it.
@Suite struct TemplateValuesTests {
    @Test func theManualsReferenceIsTheGeneratedOne() throws {
        try GeneratedDocs.expectSection(of: "docs/content/reference/template-values.md", between: ValuesReference.begin,
                                        and: ValuesReference.end, toBe: ValuesReference.markdown, test: "TemplateValuesTests")
    }

    /// The example site, built in memory, with what the pipeline renders pages from.
    private func exampleSite() async throws -> (SiteModel, [Page], PageRenderer, RenderEnvironment) {
        let site = try TemporarySite(theme: .repository)
        try FileManager.default.copyItem(atPath: TemporarySite.repository + "/content", toPath: site.root + "/content")
        let blog = try site.read("content/blog/_index.md")   // several pages, so that pagination shows
        try site.write(["content/blog/_index.md": blog.replacingOccurrences(of: "paginate: 6", with: "paginate: 2")])
        var options = site.options()
        options.writeMode = .memory
        var memo = BuildMemo()
        let result = try await BuildPipeline(options: options, reporter: SilentReporter()).run(.everything, memo: &memo)
        let model = result.model
        let environment = RenderEnvironment(
            site: model.config, kinds: model.theme.kinds, sections: model.sectionsByID, links: model.links, tags: model.tags,
            siteFeeds: FeedCatalog(siteTitle: model.config.title, sections: model.sections).site,
            navigation: model.navigation, text: model.theme.text,
            searchIndex: SiteSearch.isOn(model) ? "search/index/" : nil,
            searchPage: SiteSearch.isOn(model) && model.theme.layouts["search"] != nil ? SiteSearch.page : nil)
        let renderer = PageRenderer(environment: environment, theme: model.theme, items: model.itemsByID, cells: result.cells,
                                    alternates: result.alternates)
        return (model, result.pages, renderer, environment)
    }

    /// The named values of a hash or of a record (what the renderer builds pages' values as), else none.
    private func members(_ value: MustacheValue?) -> [String: MustacheValue] {
        switch value {
        case .object(let dictionary)?:
            return dictionary
        case .custom(let record as MustacheRecord)?:
            return Dictionary(uniqueKeysWithValues: record.keys.compactMap { key in record[key].map { (key, $0) } })
        default:
            return [:]
        }
    }

    private func keys(_ value: MustacheValue?) -> Set<String> {
        Set(members(value).keys)
    }

    private func elements(_ value: MustacheValue?) -> [MustacheValue] {
        if case .list(let elements)? = value { return elements }
        return []
    }

    private func names(_ shape: ObjectShape) -> Set<String> { Set(shape.members.map(\.name)) }

    @Test func pageLayoutsAreGivenExactlyTheDescribedValues() async throws {
        let (_, pages, renderer, _) = try await exampleSite()
        var seen: [String: Set<String>] = [:]
        func collect(_ name: String, _ value: MustacheValue?) { seen[name, default: []].formUnion(keys(value)) }
        for page in pages {
            let root = try renderer.context(for: page)
            collect("root", root)
            let values = members(root)
            collect("site", values["site"])
            collect("page", values["page"])
            for entry in elements(values["nav"]) { collect("nav", entry) }
            let pageValues = members(values["page"])
            for section in elements(pageValues["sections"]) { collect("section", section) }
            for feed in elements(pageValues["feeds"]) { collect("feed", feed) }
            for tag in elements(pageValues["tags"]) { collect("tag", tag) }
            for subsection in elements(pageValues["subsections"]) { collect("subsection", subsection) }
            for language in elements(pageValues["languages"]) { collect("pageLanguage", language) }
            for alternate in elements(pageValues["alternates"]) { collect("alternate", alternate) }
            collect("pagination", pageValues["pagination"])
            for link in elements(members(pageValues["pagination"])["pages"]) { collect("pageLink", link) }
        }
        let layout = try #require(TemplateValues.layout(itemKinds: [], allKinds: []).object)
        #expect(seen["root"] == names(layout))
        #expect(seen["site"] == names(TemplateValues.site))
        #expect(seen["page"] == names(TemplateValues.page))
        #expect(seen["nav"] == names(TemplateValues.navEntry))
        #expect(seen["section"] == names(TemplateValues.listSection))
        #expect(seen["feed"] == names(TemplateValues.feed))
        #expect(seen["tag"] == names(TemplateValues.tagCount))
        #expect(seen["pagination"] == names(TemplateValues.pagination))
        #expect(seen["pageLanguage"] == names(TemplateValues.pageLanguage))
        #expect(seen["alternate"] == names(TemplateValues.alternate))
        // The example's sections are too short for a gap in their page numbers (PaginationWindowTests has them).
        #expect(seen["pageLink"]?.union(["gap"]) == names(TemplateValues.paginationPage))
        #expect((seen["subsection"] ?? []).isSubset(of: names(TemplateValues.subsection)))
    }

    @Test func itemsAnswerEveryDescribedValueAndTheirFields() async throws {
        let (model, _, _, environment) = try await exampleSite()
        for item in model.items {
            let context = ItemContext(item: item, environment: environment)
            for member in TemplateValues.itemMembers where member.name != "section" || !item.sectionID.isEmpty {
                #expect(context.mustacheValue(forKey: member.name) != nil, "\(item.id) gives no '\(member.name)'")
            }
            for spec in model.theme.kinds[item.kind]?.schema.fields ?? [] where item.fields[spec.name] != nil {
                #expect(context.mustacheValue(forKey: spec.name) != nil, "\(item.id) gives no '\(spec.name)'")
            }
            #expect(context.mustacheValue(forKey: "no_such_value") == nil)
            if !item.sectionID.isEmpty {
                #expect(keys(context.mustacheValue(forKey: "section")) == names(TemplateValues.itemSection))
            }
            for tag in elements(context.mustacheValue(forKey: "tags")) { #expect(keys(tag) == names(TemplateValues.itemTag)) }
            for entry in elements(context.mustacheValue(forKey: "toc")) { #expect(keys(entry) == names(TemplateValues.tocEntry)) }
            for entry in elements(context.mustacheValue(forKey: "fields")) {
                #expect(keys(entry).isSubset(of: names(TemplateValues.field)), "\(keys(entry))")
                for value in elements(members(entry)["items"]) { #expect(keys(value).isSubset(of: names(TemplateValues.fieldValue))) }
            }
        }
    }

    @Test func datesURLsAndEnumValuesAnswerEveryDescribedValue() {
        let dates = DateFormatting(timeZone: TimeZone(identifier: "UTC") ?? .current, language: "en")
        let date = DateContext(date: TemporarySite.fixedNow, dates: dates)
        for member in TemplateValues.date.members { #expect(date.mustacheValue(forKey: member.name) != nil, "\(member.name)") }
        let url = URLValueContext(url: "https://www.example.org/a")
        for member in TemplateValues.url.members { #expect(url.mustacheValue(forKey: member.name) != nil, "\(member.name)") }
        let verdict = EnumValueContext(value: "good", values: ["must-see", "good"], label: "Good")
        for member in TemplateValues.enumValue(["must-see", "good"]).members {
            #expect(verdict.mustacheValue(forKey: member.name) != nil, "\(member.name)")
        }
        #expect(verdict.mustacheValue(forKey: "skip") == nil)
    }
}

import CellarDiagnostics
import CellarOutput
import Foundation

/// `cellar check`: everything a build checks — links written in Markdown included, decided as the
/// build decides them — without touching the site's output or cache, plus what only a finished
/// site shows — anchors, links and images of templates, alt text — and tags that look like typos
/// of each other.
///
/// ```swift
/// let report = await SiteChecker(options: BuildOptions(siteDirectory: "mysite")).check()
/// if report.hasErrors { … }
/// ```
package struct SiteChecker: Sendable {
    /// The site and publishing rules; the output and cache folders are replaced by a temporary one.
    package var options: BuildOptions
    package var reporter: any BuildReporter
    /// `--require-language vi`: every item of the default language needs a version in these.
    package var requiredLanguages: [String] = []

    typealias Report = CheckReport

    package init(options: BuildOptions, reporter: any BuildReporter = SilentReporter()) {
        self.options = options
        self.reporter = reporter
    }

    /// Builds the site into a temporary folder, checks it, and removes the folder.
    package func check() async -> CheckReport {
        var options = self.options
        options.clean = false
        options.writeMode = .memory   // every file rendered, none written; the model stays in the session cache
        options.collectsReferences = true   // the link checker reads each body's links as the build found them
        var memo = BuildMemo()
        let result: BuildResult
        do throws(BuildFailure) {
            result = try await BuildPipeline(options: options, reporter: reporter).run(.everything, memo: &memo)
        } catch {
            return Report(diagnostics: error.diagnostics.sorted, pages: 0, items: 0, built: false)
        }
        let build = result.report
        var diagnostics = DiagnosticBag(build.diagnostics)
        let model = result.model
        if let output = result.captured {
            let checker = LinkChecker(model: model, pages: result.pages, output: output, layout: SiteLayout(options: options))
            diagnostics.append(contentsOf: await checker.check())
            diagnostics.append(contentsOf: TagTypoFinder.warnings(for: model.items, similarOK: model.config.similarTags,
                                                                  settingsFile: model.config.file))
            for code in requiredLanguages {
                diagnostics.append(contentsOf: TranslationCoverage.requirements(code, model: model, layout: SiteLayout(options: options)))
            }
            diagnostics.append(contentsOf: ThemeTextNotes.notes(model.theme.text, language: model.config.language,
                                                                     items: model.items))
        }
        var report = Report(diagnostics: diagnostics.sorted, pages: build.pages, items: build.items, built: true)
        for item in model.items where item.hasPage { report.itemURLs[item.id] = "/" + item.url.value }
        return report
    }
}

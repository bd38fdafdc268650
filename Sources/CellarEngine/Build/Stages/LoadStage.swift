import CellarDiagnostics
import CellarOutput

/// The site's frame — the scan of `content/`, the settings, the sections and the theme — loaded
/// again only when the change set reaches it (a settings file, a template or kind, a file added or
/// removed); an edit of an item, a static file or a theme asset keeps it.
struct LoadStage {
    struct Memo: Sendable {
        var site: LoadedSite?
        /// What loading `site` reported: reported again while it is reused.
        var diagnostics: [Diagnostic] = []
    }

    struct Output: Sendable {
        var site: LoadedSite
        /// Whether the frame was loaded anew (else it is the memo's, unchanged).
        var reloaded: Bool
        var diagnostics: [Diagnostic]
    }

    var layout: SiteLayout
    var options: BuildOptions

    /// - Returns: nil when no item can be parsed with the frame; the reasons are in `diagnostics`.
    ///   A frame loaded with errors whose items can still be read (the theme's templates or kinds
    ///   have mistakes, the settings do not) is returned, and not kept: the build goes on to report
    ///   the content's problems too, then fails.
    func run(_ changes: ChangeSet, memo: inout Memo, diagnostics: inout DiagnosticBag) -> Output? {
        if let site = memo.site, changes.keepsFrame(of: site) {
            diagnostics.append(contentsOf: memo.diagnostics)
            return Output(site: site, reloaded: false, diagnostics: memo.diagnostics)
        }
        memo = Memo()
        var found = DiagnosticBag()
        let site = SiteLoader(layout: layout, options: options).load(diagnostics: &found)
        diagnostics.append(contentsOf: found.diagnostics)
        guard let site, !found.hasErrors || site.sectionsComplete else { return nil }
        if !found.hasErrors { memo = Memo(site: site, diagnostics: found.diagnostics) }
        return Output(site: site, reloaded: true, diagnostics: found.diagnostics)
    }
}

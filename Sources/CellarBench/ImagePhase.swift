import Foundation

/// `cellar-bench --images N`: N camera-sized JPEGs (4000×3000, made by scripts/make-photos.py with
/// Pillow; some stored sideways with an EXIF orientation, some with a GPS position), built as a
/// photo stream by Cellar and by a Hugo twin site that makes the same widths and formats with
/// `.Process`. Each build is a whole process (wall time and peak RSS from wait4); then a rebuild with
/// no photo changed, whose processed count Cellar prints.
struct ImagePhase {
    var tools: BenchTools
    var workspace: Workspace
    var count: Int
    /// The Hugo binary (`--hugo PATH`), or nil to build with Cellar only.
    var hugo: String?
    /// `--hugo-cap R`: Hugo's full build is stopped after R times Cellar's wall time.
    var hugoCap: Double?

    static let widths = [480, 960, 1600, 2400]
    /// WebP and JPEG: what both generators write (Hugo 0.168 cannot encode AVIF).
    static let formats = ["webp", "jpeg"]

    func run() throws(BenchError) {
        let photos = workspace.root + "/photos"
        let started = ProcessTimer.monotonicSeconds()
        let script = tools.repository + "/scripts/make-photos.py"
        let made = try ProcessTimer.spawn("/usr/bin/env", ["python3", script, "corpus", photos, String(count)])
        guard made.status == 0 else { throw .failure("\(script) corpus failed (exit \(made.status)); is Pillow installed?") }
        if hugoCap != nil && hugo == nil { throw .usage("--hugo-cap needs --hugo PATH") }
        let names = FileTree.files(under: photos).map { String($0.split(separator: "/").last ?? "") }.filter { $0.hasSuffix(".jpg") }.sorted().prefix(count)
        Report.line("photos", "\(names.count) JPEGs of 4000×3000 made in \(Report.seconds(ProcessTimer.monotonicSeconds() - started)) s")

        let cellarSite = workspace.root + "/cellar-images"
        try workspace.makeSite(at: cellarSite, themes: tools.themes)
        var files = FileTree(root: "")
        try files.write("""
            ---
            title: Photo bench
            base_url: https://example.org/
            images: {widths: [\(Self.widths.map(String.init).joined(separator: ", "))], formats: [\(Self.formats.joined(separator: ", "))]}
            ---

            """, to: cellarSite + "/content/_index.md")
        try files.write("---\ntitle: Photos\nkind: photo\npaginate: 100\n---\n", to: cellarSite + "/content/photos/_index.md")
        let hugoSite = workspace.root + "/hugo-images"
        FileTree.remove(hugoSite)  // with its resources/_gen: Hugo's own image cache, which a full build must not find
        try files.write(Self.hugoConfig, to: hugoSite + "/hugo.toml")
        try files.write(Self.hugoSingle, to: hugoSite + "/layouts/_default/single.html")
        try files.write("<!doctype html><title>{{ .Title }}</title>{{ range .Pages }}<a href=\"{{ .RelPermalink }}\">{{ .Title }}</a>{{ end }}\n",
                        to: hugoSite + "/layouts/_default/list.html")
        for name in names {
            let slug = String(name.dropLast(4))
            let front = "---\ntitle: \(slug)\ndate: 2026-01-01\nimage: \(name)\nalt: A generated picture\n---\n"
            try files.write(front, to: "\(cellarSite)/content/photos/\(slug)/index.md")
            try files.write(front, to: "\(hugoSite)/content/photos/\(slug)/index.md")
            for site in [cellarSite + "/content", hugoSite + "/content"] {
                guard link(photos + "/" + name, "\(site)/photos/\(slug)/\(name)") == 0 else {
                    throw .failure("cannot link \(name) into \(site): errno \(errno)")
                }
            }
        }

        var rows: [[String]] = []
        let cellarFull = try measure(tools.cellar, ["build", "--site", cellarSite], log: "images-cellar-full")
        // A settings file touched: the build runs (it is not "up to date") but no photo changed.
        try files.write("---\ntitle: Photos\nkind: photo\npaginate: 50\n---\n", to: cellarSite + "/content/photos/_index.md")
        let cellarAgain = try measure(tools.cellar, ["build", "--site", cellarSite], log: "images-cellar-again")
        let processed = FileTree.read(workspace.log("images-cellar-again.out")).flatMap(Self.processedCount) ?? "?"
        rows.append(["Cellar", Report.seconds(cellarFull.usage.wall), Report.mebibytes(cellarFull.usage.peak),
                     Report.seconds(cellarAgain.usage.wall), Report.mebibytes(cellarAgain.usage.peak), processed])
        if let hugo {
            let limit = hugoCap.map { $0 * cellarFull.usage.wall }
            let hugoFull = try measure(hugo, ["--source", hugoSite, "--quiet"], log: "images-hugo-full", limit: limit)
            if hugoFull.stopped {
                // Stopped at the cap: its time is a lower bound, its peak the peak so far, and a
                // rebuild would only go on with the unfinished work, so none is run.
                rows.append(["Hugo (stopped)", "> " + Report.seconds(hugoFull.usage.wall), "≥ " + Report.mebibytes(hugoFull.usage.peak), "–", "–", "–"])
                Report.line("Cellar / Hugo", String(format: "< %.2f× the wall time (Hugo stopped unfinished after %.1f× Cellar's time), ≤ %.2f× the peak memory",
                                                    cellarFull.usage.wall / hugoFull.usage.wall, hugoFull.usage.wall / cellarFull.usage.wall,
                                                    cellarFull.usage.peak / hugoFull.usage.peak))
            } else {
                let hugoAgain = try measure(hugo, ["--source", hugoSite, "--quiet"], log: "images-hugo-again")
                rows.append(["Hugo", Report.seconds(hugoFull.usage.wall), Report.mebibytes(hugoFull.usage.peak),
                             Report.seconds(hugoAgain.usage.wall), Report.mebibytes(hugoAgain.usage.peak), "(not reported)"])
                Report.line("Cellar / Hugo", String(format: "%.2f× the wall time, %.2f× the peak memory",
                                                    cellarFull.usage.wall / hugoFull.usage.wall, cellarFull.usage.peak / hugoFull.usage.peak))
            }
        }
        Report.table(["\(names.count) photos", "full s", "peak MiB", "no-change s", "peak MiB", "processed"], rows)
    }

    private func measure(_ executable: String, _ arguments: [String], log: String, limit: Double? = nil) throws(BenchError) -> ProcessMeasurement {
        let measured = try ProcessTimer.measure(executable, arguments, stdout: workspace.log(log + ".out"),
                                                stderr: workspace.log(log + ".err"), result: workspace.log(log + ".result"), limit: limit)
        guard measured.status == 0 || measured.stopped else {
            throw .failure("\(executable) \(arguments.joined(separator: " ")) failed (exit \(measured.status)); see \(workspace.log(log + ".err"))")
        }
        return measured
    }

    /// `images: 0 processed` in Cellar's summary line.
    static func processedCount(_ output: String) -> String? {
        guard let range = output.range(of: "images: ") else { return nil }
        return String(output[range.upperBound...].prefix { $0.isNumber })
    }

    static let hugoConfig = """
        baseURL = "https://example.org/"
        title = "Photo bench"
        disableKinds = ["taxonomy", "term", "RSS", "sitemap"]
        [imaging]
          quality = 80
          resampleFilter = "Lanczos"
        """

    /// The same variants as Cellar's: each width (never wider than the photo) in WebP and JPEG.
    static let hugoSingle = """
        <!doctype html><title>{{ .Title }}</title>
        {{ with .Resources.GetMatch .Params.image }}{{ $img := . }}<picture>
        {{ range $format := slice "webp" "jpeg" }}{{ range $w := slice \(widths.map(String.init).joined(separator: " ")) }}{{ if le $w $img.Width }}{{ $v := $img.Process (printf "resize %dx %s" $w $format) }}<source srcset="{{ $v.RelPermalink }} {{ $w }}w">{{ end }}{{ end }}{{ end }}
        </picture>{{ end }}

        """
}

/// What highlighting code costs a whole build: full builds of the same site with highlighting on
/// and off (`markdown: {highlight: false}` in its settings), alternately, after one warm-up of each;
/// with a Hugo to compare, that Hugo's full build from nothing with its own highlighting on
/// (Chroma, `markup.highlight.codeFences`, classes as Cellar writes them) beside Cellar's.
struct HighlightingPhase {
    var runner: CellarRunner
    var workspace: Workspace
    var runs: Int
    /// The Hugo to set against (the goals' anchor), and the same code-heavy corpus in its format.
    var hugo: (hugo: BenchTools.Hugo, content: String)?

    /// The build with highlighting may take at most this many times the build without.
    static let limit = 1.5
    /// Cellar's full build with highlighting may take at most this much of Hugo's with its own.
    static let hugoLimit = 0.5

    struct Result {
        var on: RunSummary
        var off: RunSummary
        var ratio: Double { on.wall.median / off.wall.median }
        /// Cellar from nothing, highlighting on, and the Hugo with its highlighting on, in turn.
        var fromNothing: RunSummary?
        var hugo: (hugo: BenchTools.Hugo, runs: RunSummary)?
    }

    func run() throws(BenchError) -> Result {
        let settings = workspace.content + "/_index.md"
        let original = FileTree.read(settings) ?? "---\ntitle: \"Benchmark site\"\n---\n"
        let withoutHighlighting = original.replacingOccurrences(of: "\n---\n", with: "\nmarkdown: {highlight: false}\n---\n")
        defer { try? FileTree.write(Array(original.utf8), toFile: settings, append: false) }
        var on: [ProcessMeasurement] = []
        var off: [ProcessMeasurement] = []
        for run in -1..<runs {   // run -1: warm-up of each
            try FileTree.write(Array(original.utf8), toFile: settings, append: false)
            let highlighted = try runner.build(site: workspace.site, clean: true)
            try FileTree.write(Array(withoutHighlighting.utf8), toFile: settings, append: false)
            let plain = try runner.build(site: workspace.site, clean: true)
            if run >= 0 {
                on.append(highlighted)
                off.append(plain)
            }
        }
        var result = Result(on: RunSummary(on), off: RunSummary(off))
        if let hugo {
            let settings = workspace.root + "/hugo-highlighting.toml"
            try FileTree.write(Array(Self.hugoHighlighting.utf8), toFile: settings, append: false)
            let output = workspace.root + "/hugo-highlighted"
            var cellar: [ProcessMeasurement] = []
            var hugoRuns: [ProcessMeasurement] = []
            for run in -1..<runs {
                let measured = try runner.buildFromNothing(site: workspace.site).0
                let hugoMeasured = try runner.hugo(hugo.hugo, content: hugo.content, output: output, settings: settings)
                if run >= 0 {
                    cellar.append(measured)
                    hugoRuns.append(hugoMeasured)
                }
            }
            result.fromNothing = RunSummary(cellar)
            result.hugo = (hugo.hugo, RunSummary(hugoRuns))
        }
        return result
    }

    /// Hugo's settings over the bench site's: code fences highlighted by Chroma into classes.
    static let hugoHighlighting = """
        [markup.highlight]
          codeFences = true
          noClasses = false
          guessSyntax = false

        """
}

extension HighlightingPhase.Result {
    func print(summary: inout TargetSummary) {
        Report.heading("code highlighting: full builds with it on and off, alternately (\(on.runs) pairs after 1 warm-up)")
        Report.table(["median", "on", "off", "on/off"], [
            ["wall s", Report.seconds(on.wall.median), Report.seconds(off.wall.median), Report.ratio(ratio)],
            ["cpu s", Report.seconds(on.cpu.median), Report.seconds(off.cpu.median), Report.ratio(on.cpu.median / off.cpu.median)],
            ["peak MiB", Report.mebibytes(on.peak.median), Report.mebibytes(off.peak.median),
             Report.ratio(on.peak.median / off.peak.median)],
        ])
        summary.add("highlighting on / off", measured: Report.ratio(ratio), limit: "≤ \(HighlightingPhase.limit)",
                    passed: ratio <= HighlightingPhase.limit,
                    note: "\(Report.seconds(on.wall.median)) s / \(Report.seconds(off.wall.median)) s")
        guard let fromNothing, let hugo else { return }
        let hugoRatio = fromNothing.wall.median / hugo.runs.wall.median
        Report.heading("code highlighting against \(hugo.hugo.label) with its highlighting on (Chroma, classes): "
                       + "full builds from nothing, in turn (\(fromNothing.runs) rounds after 1 warm-up)")
        Report.table(["median", "Cellar", hugo.hugo.label, "Cellar/" + hugo.hugo.label], [
            ["wall s", Report.seconds(fromNothing.wall.median), Report.seconds(hugo.runs.wall.median), Report.ratio(hugoRatio)],
            ["cpu s", Report.seconds(fromNothing.cpu.median), Report.seconds(hugo.runs.cpu.median),
             Report.ratio(fromNothing.cpu.median / hugo.runs.cpu.median)],
            ["peak MiB", Report.mebibytes(fromNothing.peak.median), Report.mebibytes(hugo.runs.peak.median),
             Report.ratio(fromNothing.peak.median / hugo.runs.peak.median)],
        ])
        summary.add("highlighted build, Cellar/\(hugo.hugo.label)", measured: Report.ratio(hugoRatio),
                    limit: "≤ \(HighlightingPhase.hugoLimit)", passed: hugoRatio <= HighlightingPhase.hugoLimit,
                    note: "\(Report.seconds(fromNothing.wall.median)) s vs \(Report.seconds(hugo.runs.wall.median)) s")
    }
}

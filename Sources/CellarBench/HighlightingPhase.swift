/// What highlighting code costs a whole build: full builds of the same site with highlighting on
/// and off (`markdown: {highlight: false}` in its settings), alternately, after one warm-up of each.
struct HighlightingPhase {
    var runner: CellarRunner
    var workspace: Workspace
    var runs: Int

    /// The build with highlighting may take at most this many times the build without.
    static let limit = 1.5

    struct Result {
        var on: RunSummary
        var off: RunSummary
        var ratio: Double { on.wall.median / off.wall.median }
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
        return Result(on: RunSummary(on), off: RunSummary(off))
    }
}

extension HighlightingPhase.Result {
    func print(summary: inout TargetSummary) {
        Report.heading("code highlighting: full builds with it on and off, alternately (\(on.runs) pairs after 1 warm-up)")
        Report.table(["median", "on", "off", "on/off"], [
            ["wall s", Report.seconds(on.wall.median), Report.seconds(off.wall.median), Report.ratio(ratio)],
            ["cpu s", Report.seconds(on.cpu.median), Report.seconds(off.cpu.median), Report.ratio(on.cpu.median / off.cpu.median)],
            ["peak MiB", Report.mebibytes(on.peakRSS.median), Report.mebibytes(off.peakRSS.median),
             Report.ratio(on.peakRSS.median / off.peakRSS.median)],
        ])
        summary.add("highlighting on / off", measured: Report.ratio(ratio), limit: "≤ \(HighlightingPhase.limit)",
                    passed: ratio <= HighlightingPhase.limit,
                    note: "\(Report.seconds(on.wall.median)) s / \(Report.seconds(off.wall.median)) s")
    }
}

/// The full build at several corpus sizes (1k, 10k, 30k by default), to show that its time grows
/// no worse than linearly; with `--compare-hugo`, Hugo alternates with Cellar at each size.
struct ScalingPhase {
    var tools: BenchTools
    var workspace: Workspace
    var sizes: [Int]
    var seed: UInt64
    var runs: Int
    var compareHugo: Bool

    struct Row {
        var items: Int
        var pages: Int
        var full: RunSummary
        var hugo: RunSummary?
    }

    /// A step may cost this much more per item than the one before and still count as linear (noise).
    static let tolerance = 1.15

    func run(summary: inout TargetSummary) throws(BenchError) {
        let runner = CellarRunner(tools: tools, workspace: workspace)
        var rows: [Row] = []
        for size in sizes {
            let site = workspace.root + "/scaling/site"
            try workspace.makeSite(at: site, themes: tools.themes)
            let corpus = try CorpusGenerator(items: size, seed: seed, format: .cellar).write(to: site + "/content")
            let built = try runner.countingBuild(site: site)
            var full: [ProcessMeasurement] = []
            var hugo: [ProcessMeasurement] = []
            let hugoContent = workspace.root + "/scaling/hugo-content"
            let hugoOutput = workspace.root + "/scaling/hugo-out"
            if compareHugo {
                _ = try CorpusGenerator(items: size, seed: seed, format: .hugo).write(to: hugoContent)
                try runner.hugo(content: hugoContent, output: hugoOutput)
            }
            for _ in 0..<runs {
                full.append(try runner.build(site: site, clean: true))
                if compareHugo { hugo.append(try runner.hugo(content: hugoContent, output: hugoOutput)) }
            }
            rows.append(Row(items: corpus.items.count, pages: built.pages, full: RunSummary(full),
                            hugo: compareHugo ? RunSummary(hugo) : nil))
            FileTree.remove(workspace.root + "/scaling")
        }
        print(rows, summary: &summary)
    }

    private func print(_ rows: [Row], summary: inout TargetSummary) {
        Report.heading("scaling: full build (cellar build --site site --clean --quiet), median of \(runs) runs per size")
        var lines: [[String]] = []
        var linear = true
        var previous: Double?
        for row in rows {
            let perItem = row.full.wall.median / Double(row.items)
            let growth = previous.map { perItem / $0 }
            if let growth, growth > Self.tolerance { linear = false }
            previous = perItem
            var line = [Report.count(row.items), Report.count(row.pages), Report.seconds(row.full.wall.median),
                        Report.seconds(row.full.cpu.median), Report.mebibytes(row.full.peakRSS.median),
                        String(format: "%.1f", perItem * 1e6), String(format: "%.1f", row.full.cpu.median / Double(row.items) * 1e6),
                        String(format: "%.1f", row.full.wall.median / Double(row.pages) * 1e6),
                        growth.map { Report.ratio($0) } ?? "-"]
            if let hugo = row.hugo {
                line += [Report.seconds(hugo.wall.median), Report.mebibytes(hugo.peakRSS.median),
                         Report.ratio(row.full.wall.median / hugo.wall.median),
                         Report.ratio(row.full.peakRSS.median / hugo.peakRSS.median)]
            }
            lines.append(line)
        }
        var header = ["items", "pages", "wall s", "cpu s", "peak MiB", "µs/item", "cpu µs/item", "µs/page", "per-item vs previous"]
        if compareHugo { header += ["Hugo wall s", "Hugo MiB", "wall ratio", "memory ratio"] }
        Report.table(header, lines)
        Report.line("linear", "per-item time grows by at most \(Report.ratio(Self.tolerance))× per step: \(Report.verdict(linear))")
        let measured = rows.map { String(format: "%.0f", $0.full.wall.median / Double($0.items) * 1e6) }.joined(separator: " / ")
        summary.add("scaling: full build µs/item", measured: measured,
                    limit: "≤ \(Report.ratio(Self.tolerance))× per step", passed: linear,
                    note: rows.map { Report.count($0.items) }.joined(separator: " / ") + " items")
    }
}

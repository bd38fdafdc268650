/// Cellar and Hugo on the same corpus, run alternately in one session (Cellar, Hugo, Cellar, Hugo, …)
/// after one uncounted warm-up of each: both full builds from nothing, each into an empty folder
/// (the last run's output moved out of the way, never deleted: see ``Workspace``).
struct HugoComparison {
    var runner: CellarRunner
    var site: String
    var cellarOutput: String
    var hugoContent: String
    var hugoOutput: String
    var runs: Int

    struct Result {
        var cellar: RunSummary
        var hugo: RunSummary
        var cellarBuilt: CellarRunner.BuiltLine
        var cellarHTML: Int
        var hugoHTML: Int

        var wallRatio: Double { cellar.wall.median / hugo.wall.median }
        var memoryRatio: Double { cellar.peakRSS.median / hugo.peakRSS.median }
    }

    func run() throws(BenchError) -> Result {
        let built = try runner.countingBuild(site: site)
        try runner.hugo(content: hugoContent, output: hugoOutput)
        var cellar: [ProcessMeasurement] = []
        var hugo: [ProcessMeasurement] = []
        for _ in 0..<runs {
            cellar.append(try runner.buildFromNothing(site: site).0)
            hugo.append(try runner.hugo(content: hugoContent, output: hugoOutput))
        }
        return Result(cellar: RunSummary(cellar), hugo: RunSummary(hugo), cellarBuilt: built,
                      cellarHTML: OutputSnapshot.take(cellarOutput).count(withSuffix: ".html"),
                      hugoHTML: OutputSnapshot.take(hugoOutput).count(withSuffix: ".html"))
    }
}

extension HugoComparison.Result {
    func print(corpus: Corpus, hugoSite: String, summary: inout TargetSummary) {
        Report.heading("Cellar vs Hugo: \(cellar.runs) alternating pairs after 1 warm-up each, full builds from nothing")
        Report.line("cellar", "cellar build --site site --quiet (no output, spare folder or cache before)")
        Report.line("hugo", "hugo --quiet -s \(hugoSite) -c hugo-content -d hugo-out --cleanDestinationDir --ignoreCache (into an empty folder)")
        let cellarPagesPerSecond = Double(cellarHTML) / cellar.wall.median
        let hugoPagesPerSecond = Double(hugoHTML) / hugo.wall.median
        Report.table(["median", "Cellar", "Hugo", "Cellar/Hugo"], [
            ["wall s", Report.seconds(cellar.wall.median), Report.seconds(hugo.wall.median), Report.ratio(wallRatio)],
            ["cpu s", Report.seconds(cellar.cpu.median), Report.seconds(hugo.cpu.median),
             Report.ratio(cellar.cpu.median / hugo.cpu.median)],
            ["peak MiB", Report.mebibytes(cellar.peakRSS.median), Report.mebibytes(hugo.peakRSS.median), Report.ratio(memoryRatio)],
            [".html pages", Report.count(cellarHTML), Report.count(hugoHTML), Report.ratio(Double(cellarHTML) / Double(hugoHTML))],
            ["pages/s", Report.rate(cellarPagesPerSecond), Report.rate(hugoPagesPerSecond),
             Report.ratio(cellarPagesPerSecond / hugoPagesPerSecond)],
            ["items/s", Report.rate(Double(corpus.items.count) / cellar.wall.median),
             Report.rate(Double(corpus.items.count) / hugo.wall.median), Report.ratio(hugo.wall.median / cellar.wall.median)],
        ])
        Report.line("wall min–max s", "Cellar \(Report.seconds(cellar.wall.min))–\(Report.seconds(cellar.wall.max)), "
                    + "Hugo \(Report.seconds(hugo.wall.min))–\(Report.seconds(hugo.wall.max))")
        Report.line("Cellar reports", "Built \(cellarBuilt.pages) pages from \(cellarBuilt.items) items")
        Report.note("Cellar's `link` kind has no item pages (page: false), so Cellar writes no page for the "
                    + "\(Report.count(corpus.pagelessItems)) published links; Hugo writes one for each. "
                    + "Judge per page too (pages/s above).")
        Report.line("wall ratio", "\(Report.ratio(wallRatio)) (target ≤ 0.50): \(Report.verdict(wallRatio <= 0.5))")
        Report.line("memory ratio", "\(Report.ratio(memoryRatio)) (target ≤ 0.25): \(Report.verdict(memoryRatio <= 0.25))")
        summary.add("full build wall, Cellar/Hugo", measured: Report.ratio(wallRatio), limit: "≤ 0.50", passed: wallRatio <= 0.5,
                    note: "\(Report.seconds(cellar.wall.median)) s vs \(Report.seconds(hugo.wall.median)) s; per page "
                        + Report.ratio(hugoPagesPerSecond / cellarPagesPerSecond))
        summary.add("peak memory, Cellar/Hugo", measured: Report.ratio(memoryRatio), limit: "≤ 0.25", passed: memoryRatio <= 0.25,
                    note: "\(Report.mebibytes(cellar.peakRSS.median)) MiB vs \(Report.mebibytes(hugo.peakRSS.median)) MiB")
    }
}

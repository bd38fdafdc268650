/// Cellar and each Hugo on the same corpus, run in turn in one session (Cellar, Hugo A, Hugo B,
/// Cellar, …) after one uncounted warm-up of each: full builds from nothing, each into an empty
/// folder (the last run's output moved out of the way, never deleted: see ``Workspace``).
struct HugoComparison {
    var runner: CellarRunner
    var hugos: [BenchTools.Hugo]
    var site: String
    var cellarOutput: String
    var hugoContent: String
    var hugoOutput: String
    var runs: Int

    struct Result {
        var cellar: RunSummary
        /// One per Hugo, in the order of ``HugoComparison/hugos``.
        var hugos: [(hugo: BenchTools.Hugo, runs: RunSummary, html: Int)]
        var cellarBuilt: CellarRunner.BuiltLine
        var cellarHTML: Int
    }

    func run() throws(BenchError) -> Result {
        let built = try runner.countingBuild(site: site)
        var measured: [[ProcessMeasurement]] = hugos.map { _ in [] }
        var pages: [Int] = []
        for hugo in hugos {
            try runner.hugo(hugo, content: hugoContent, output: hugoOutput)
            pages.append(OutputSnapshot.take(hugoOutput).count(withSuffix: ".html"))
        }
        var cellar: [ProcessMeasurement] = []
        for _ in 0..<runs {
            cellar.append(try runner.buildFromNothing(site: site).0)
            for (index, hugo) in hugos.enumerated() {
                measured[index].append(try runner.hugo(hugo, content: hugoContent, output: hugoOutput))
            }
        }
        return Result(cellar: RunSummary(cellar),
                      hugos: hugos.indices.map { (hugos[$0], RunSummary(measured[$0]), pages[$0]) },
                      cellarBuilt: built, cellarHTML: OutputSnapshot.take(cellarOutput).count(withSuffix: ".html"))
    }
}

/// What Cellar's full build must reach against the newest Hugo, by corpus size (issue 32).
enum HugoGoals {
    /// The largest wall-time ratio Cellar/Hugo allowed at this many items.
    static func wall(items: Int) -> Double { items >= 50_000 ? 0.30 : 0.25 }
    /// The largest peak-memory ratio Cellar/Hugo allowed at this many items.
    static func memory(items: Int) -> Double { items >= 50_000 ? 1.0 / 8 : 1.0 / 6 }
    static func memoryText(items: Int) -> String { items >= 50_000 ? "1/8" : "1/6" }

    /// The two goals as summary lines, against `hugo`'s figures.
    static func add(items: Int, cellar: RunSummary, hugo: BenchTools.Hugo, runs: RunSummary, to summary: inout TargetSummary) {
        let wallRatio = cellar.wall.median / runs.wall.median
        let memoryRatio = cellar.peak.median / runs.peak.median
        let size = Report.count(items) + " items"
        summary.add("\(size): wall, Cellar/\(hugo.label)", measured: Report.ratio(wallRatio),
                    limit: "≤ " + Report.ratio(wall(items: items)), passed: wallRatio <= wall(items: items),
                    note: "\(Report.seconds(cellar.wall.median)) s vs \(Report.seconds(runs.wall.median)) s")
        summary.add("\(size): peak memory, Cellar/\(hugo.label)", measured: Report.ratio(memoryRatio),
                    limit: "≤ " + memoryText(items: items), passed: memoryRatio <= memory(items: items),
                    note: "\(Report.mebibytes(cellar.peak.median)) MiB vs \(Report.mebibytes(runs.peak.median)) MiB")
    }
}

extension HugoComparison.Result {
    func print(corpus: Corpus, hugoSite: String, anchor: BenchTools.Hugo?, summary: inout TargetSummary) {
        Report.heading("Cellar vs Hugo: \(cellar.runs) rounds after 1 warm-up each, full builds from nothing")
        Report.line("cellar", "cellar build --site site --quiet (no output, spare folder or cache before)")
        for entry in hugos {
            Report.line(entry.hugo.label, "\(entry.hugo.path) (\(entry.hugo.version)) --quiet -s \(hugoSite) -c hugo-content "
                        + "-d hugo-out --cleanDestinationDir --ignoreCache (into an empty folder)")
        }
        let cellarPagesPerSecond = Double(cellarHTML) / cellar.wall.median
        func row(_ name: String, _ cellarValue: String, _ value: (RunSummary, Int) -> (String, String)) -> [String] {
            [name, cellarValue] + hugos.flatMap { entry in let (figure, ratio) = value(entry.runs, entry.html); return [figure, ratio] }
        }
        Report.table(["median", "Cellar"] + hugos.flatMap { [$0.hugo.label, "Cellar/" + $0.hugo.label] }, [
            row("wall s", Report.seconds(cellar.wall.median)) { runs, _ in (runs.wall.median.formatted, Report.ratio(cellar.wall.median / runs.wall.median)) },
            row("cpu s", Report.seconds(cellar.cpu.median)) { runs, _ in (runs.cpu.median.formatted, Report.ratio(cellar.cpu.median / runs.cpu.median)) },
            row("peak MiB", Report.mebibytes(cellar.peak.median)) { runs, _ in
                (Report.mebibytes(runs.peak.median), Report.ratio(cellar.peak.median / runs.peak.median))
            },
            row(".html pages", Report.count(cellarHTML)) { (Report.count($1), Report.ratio(Double(cellarHTML) / Double($1))) },
            row("pages/s", Report.rate(cellarPagesPerSecond)) { runs, html in
                let rate = Double(html) / runs.wall.median
                return (Report.rate(rate), Report.ratio(cellarPagesPerSecond / rate))
            },
        ])
        Report.line("wall min–max s", "Cellar \(Report.seconds(cellar.wall.min))–\(Report.seconds(cellar.wall.max))"
                    + hugos.map { ", \($0.hugo.label) \(Report.seconds($0.runs.wall.min))–\(Report.seconds($0.runs.wall.max))" }.joined())
        Report.line("Cellar reports", "Built \(cellarBuilt.pages) pages from \(cellarBuilt.items) items")
        Report.note("Cellar's `link` kind has no item pages (page: false), so Cellar writes no page for the "
                    + "\(Report.count(corpus.pagelessItems)) published links; Hugo writes one for each. "
                    + "Judge per page too (pages/s above).")
        if let anchor, let entry = hugos.first(where: { $0.hugo.path == anchor.path }) {
            HugoGoals.add(items: corpus.items.count, cellar: cellar, hugo: anchor, runs: entry.runs, to: &summary)
        }
    }
}

private extension Double {
    var formatted: String { Report.seconds(self) }
}

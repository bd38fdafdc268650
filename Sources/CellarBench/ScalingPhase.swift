/// The full build from nothing at several corpus sizes (1k, 10k, 30k, 100k by default), to show
/// that its time grows no worse than linearly — as a whole and stage by stage. The runs go round
/// the sizes (10k, 100k, 10k, 100k, …), and with `--compare-hugo` each Hugo follows Cellar at each.
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
        /// Each round's stages, in the order the rounds ran.
        var rounds: [[StageTiming]]
        /// Each round's I/O floor (``IOFloor``): its reading and writing, as stages.
        var floorRounds: [[StageTiming]]
        /// One per Hugo compared, in ``BenchTools/hugos``' order.
        var hugo: [RunSummary]
        /// Each stage's median over the rounds.
        var stages: [StageTiming] { StageTiming.medians(rounds) }
        var floor: [StageTiming] { StageTiming.medians(floorRounds) }
    }

    /// A step may cost this much more per item than the one before and still count as linear (noise).
    static let tolerance = 1.15

    /// One size's corpus, made before any run, and what its runs measured.
    private struct Size {
        var folder: String
        var site: String { folder + "/site" }
        var hugoContent: String { folder + "/hugo-content" }
        var hugoOutput: String { folder + "/hugo-out" }
        /// The files of Cellar's output and their sizes, for the I/O floor to write again.
        var floorManifest: String { folder + "/floor-manifest" }
        var floorOutput: String { folder + "/floor-out" }
        var items: Int
        var pages: Int
        var full: [ProcessMeasurement] = []
        var stages: [[StageTiming]] = []
        var floor: [[StageTiming]] = []
        var hugo: [[ProcessMeasurement]] = []
    }

    private var hugos: [BenchTools.Hugo] { compareHugo ? tools.hugos : [] }

    func run(summary: inout TargetSummary) throws(BenchError) {
        let runner = CellarRunner(tools: tools, workspace: workspace)
        // Every corpus first; then each round builds every size once (Cellar, then Hugo). Sizes
        // measured one after another would compare a machine at one time with the same machine
        // minutes later: a slower spell in between (other guests of the host, the disk catching
        // up) would read as a stage that grows faster than the items.
        var prepared: [Size] = []
        for size in sizes {
            let folder = workspace.root + "/scaling/\(size)"
            let site = folder + "/site"
            try workspace.makeSite(at: site, themes: tools.themes)
            let corpus = try CorpusGenerator(items: size, seed: seed, format: .cellar).write(to: site + "/content")
            let built = try runner.countingBuild(site: site)
            var entry = Size(folder: folder, items: corpus.items.count, pages: built.pages)
            entry.hugo = hugos.map { _ in [] }
            try IOFloor.writeManifest(of: site + "/public", to: entry.floorManifest)
            if !hugos.isEmpty {
                _ = try CorpusGenerator(items: size, seed: seed, format: .hugo).write(to: entry.hugoContent)
                for hugo in hugos { try runner.hugo(hugo, content: entry.hugoContent, output: entry.hugoOutput) }
            }
            prepared.append(entry)
        }
        let memory = MemoryProbe.run()
        for _ in 0..<runs {
            for index in prepared.indices {
                let (measurement, timings) = try runner.buildFromNothing(site: prepared[index].site)
                prepared[index].full.append(measurement)
                prepared[index].stages.append(timings)
                // The same reads and writes with nothing else, right after the build they copy.
                prepared[index].floor.append(try runner.ioFloor(site: prepared[index].site, manifest: prepared[index].floorManifest,
                                                                output: prepared[index].floorOutput).1)
                for (which, hugo) in hugos.enumerated() {
                    prepared[index].hugo[which].append(try runner.hugo(hugo, content: prepared[index].hugoContent,
                                                                       output: prepared[index].hugoOutput))
                }
            }
        }
        var rows: [Row] = []
        for size in prepared {
            rows.append(Row(items: size.items, pages: size.pages, full: RunSummary(size.full),
                            rounds: size.stages, floorRounds: size.floor, hugo: size.hugo.map(RunSummary.init)))
            try workspace.discard(size.folder)
        }
        print(rows, summary: &summary)
        if let memory {
            Report.line("first touch", "\(Report.count(memory.mebibytes)) MiB of fresh memory: "
                        + String(format: "%.1f µs a page; the same again at once, in the memory just freed: %.1f µs a page",
                                 memory.fresh, memory.again))
            Report.line("", "(before the rounds; where the first is several times the second, the host takes back freed memory,")
            Report.line("", "and a build that needs more than was freed just before it pays the first price for the rest)")
        }
    }

    private func print(_ rows: [Row], summary: inout TargetSummary) {
        Report.heading("scaling: full build from nothing (cellar build --site site --quiet --timings), median of \(runs) runs per size")
        var lines: [[String]] = []
        var linear = true
        var previous: Double?
        for row in rows {
            let perItem = row.full.wall.median / Double(row.items)
            let growth = previous.map { perItem / $0 }
            if let growth, growth > Self.tolerance { linear = false }
            previous = perItem
            var line = [Report.count(row.items), Report.count(row.pages), Report.seconds(row.full.wall.median),
                        Report.seconds(row.full.cpu.median), Report.mebibytes(row.full.peak.median),
                        String(format: "%.1f", perItem * 1e6), String(format: "%.1f", row.full.cpu.median / Double(row.items) * 1e6),
                        String(format: "%.1f", row.full.wall.median / Double(row.pages) * 1e6),
                        growth.map { Report.ratio($0) } ?? "-"]
            for hugo in row.hugo {
                line += [Report.seconds(hugo.wall.median), Report.mebibytes(hugo.peak.median),
                         Report.ratio(row.full.wall.median / hugo.wall.median),
                         Report.ratio(row.full.peak.median / hugo.peak.median)]
            }
            lines.append(line)
        }
        var header = ["items", "pages", "wall s", "cpu s", "peak MiB", "µs/item", "cpu µs/item", "µs/page", "per-item vs previous"]
        for hugo in hugos { header += [hugo.label + " wall s", hugo.label + " MiB", "wall ratio", "memory ratio"] }
        Report.table(header, lines)
        if let anchor = tools.anchor, let which = hugos.firstIndex(where: { $0.path == anchor.path }) {
            for row in rows where row.items >= 10_000 {
                HugoGoals.add(items: row.items, cellar: row.full, hugo: anchor, runs: row.hugo[which], to: &summary)
            }
        }
        // Cellar's own work per item, outside the kernel (whose file work grows faster than the
        // items on these machines: see the I/O floor below), from 10k or more to the largest size.
        if let base = rows.first(where: { $0.items >= 10_000 }), let top = rows.last, top.items > base.items {
            let growth = (top.full.user.median / Double(top.items)) / (base.full.user.median / Double(base.items))
            Report.line("user cpu per item", "\(Report.count(base.items)) → \(Report.count(top.items)) items: \(Report.ratio(growth))× "
                        + String(format: "(%.1f → %.1f µs)", base.full.user.median / Double(base.items) * 1e6,
                                 top.full.user.median / Double(top.items) * 1e6))
            summary.add("user cpu per item, \(Report.count(top.items)) vs \(Report.count(base.items))", measured: Report.ratio(growth),
                        limit: "≤ \(Report.ratio(Self.tolerance))", passed: growth <= Self.tolerance)
        }
        Report.line("linear", "per-item time grows by at most \(Report.ratio(Self.tolerance))× per step: \(Report.verdict(linear))")
        let measured = rows.map { String(format: "%.0f", $0.full.wall.median / Double($0.items) * 1e6) }.joined(separator: " / ")
        summary.add("scaling: full build µs/item", measured: measured,
                    limit: "≤ \(Report.ratio(Self.tolerance))× per step", passed: linear,
                    note: rows.map { Report.count($0.items) }.joined(separator: " / ") + " items")
        printStages(rows, summary: &summary)
    }

    /// Each stage's wall and CPU time and the peak memory after it, per size; and how each stage
    /// grew from the smallest size of at least 10,000 items to the largest, against how the items did,
    /// with the I/O floor's growth beside it (the same reads and writes, no rendering: the machine's part).
    private func printStages(_ rows: [Row], summary: inout TargetSummary) {
        guard let names = rows.first?.stages.map(\.stage), !names.isEmpty else { return }
        Report.heading("scaling by stage (wall s / cpu s / kernel s / peak MiB after the stage; medians)")
        let floorNames = rows.first?.floor.map(\.stage) ?? []
        func cells(_ name: String, _ stages: KeyPath<Row, [StageTiming]>) -> [String] {
            [name] + rows.map { row in
                guard let stage = row[keyPath: stages].first(where: { $0.stage == name }) else { return "-" }
                let usage = stage.usage
                return String(format: "%.2f / %.2f / %.2f / %.0f", usage.wall, usage.cpu, usage.system, usage.peak / 1_048_576)
            }
        }
        Report.table(["stage"] + rows.map { Report.count($0.items) + " items" },
                     names.map { cells($0, \.stages) } + floorNames.map { cells($0, \.floor) })
        guard let base = rows.first(where: { $0.items >= 10_000 }), let top = rows.last, top.items > base.items else { return }
        let allowed = Double(top.items) / Double(base.items) * 1.1
        var within = true
        var growths: [String] = []
        for name in names {
            guard let wall = Growth(name, from: base.rounds, to: top.rounds, \.wall) else { continue }
            if wall.paired > allowed { within = false }
            // Two decimals: a stage just over the limit must not read as at it ("11.0×", FAIL).
            growths.append("\(name) \(String(format: "%.2f", wall.paired))× (" + Growth.details(name, from: base.rounds, to: top.rounds) + ")")
        }
        let floor = floorNames.compactMap { name in
            Growth(name, from: base.floorRounds, to: top.floorRounds, \.wall).map { wall in
                "\(name) \(String(format: "%.2f", wall.paired))× (" + Growth.details(name, from: base.floorRounds, to: top.floorRounds) + ")"
            }
        }
        let span = "\(Report.count(base.items)) → \(Report.count(top.items)) items"
        Report.line("stage growth", span + ": " + growths.joined(separator: ", "))
        Report.line("", "a stage's growth is the median of its rounds' own ratios (a round builds every size once, in turn);")
        Report.line("", "user: CPU time outside the kernel; kernel: system time (system calls and page faults)")
        if !floor.isEmpty {
            Report.line("I/O floor growth", floor.joined(separator: ", "))
            Report.line("", "the same reads and writes as the build, with no parsing or rendering (cellar-bench \(IOFloor.flag)):")
            Report.line("", "what the machine's own file work grows by between these sizes")
        }
        summary.add("every stage ≤ \(String(format: "%.3g", allowed))× its \(Report.count(base.items))-item wall time",
                    measured: growths.map { String($0.prefix { $0 != "(" }) }.joined(separator: ";"), limit: span,
                    passed: within)
    }

    /// How one stage grew from a small size to a big one over the rounds.
    private struct Growth {
        /// The median of each round's own ratio: the verdict. The two sizes of a round run within a
        /// minute or two of each other, so a slow spell of the machine slows both (on the 2-core
        /// guest the same 100k build took 12 s in one spell and 15-16 s in the next, its user time
        /// rising with it); the ratio of the two medians can set a slow spell's big runs against a
        /// fast spell's small ones.
        var paired: Double
        /// The ratio of the two sizes' medians.
        var ofMedians: Double

        init?(_ name: String, from small: [[StageTiming]], to big: [[StageTiming]], _ figure: KeyPath<ResourceUsage<Double>, Double>) {
            func measure(in round: [StageTiming]) -> Double? { round.first(where: { $0.stage == name })?.usage[keyPath: figure] }
            let from = small.compactMap(measure(in:)), to = big.compactMap(measure(in:))
            guard !from.isEmpty, !to.isEmpty, Statistics(from).median > 0 else { return nil }
            // Round by round: a round that lacks the stage at either size counts for neither.
            let ratios = zip(small, big).compactMap { small, big -> Double? in
                guard let from = measure(in: small), let to = measure(in: big), from > 0 else { return nil }
                return to / from
            }
            ofMedians = Statistics(to).median / Statistics(from).median
            paired = ratios.isEmpty ? ofMedians : Statistics(ratios).median
        }

        /// `of medians 10.6×, cpu 10.4×: user 9.9×, kernel 13.1×`
        static func details(_ name: String, from small: [[StageTiming]], to big: [[StageTiming]]) -> String {
            func text(_ growth: Growth?) -> String { growth.map { String(format: "%.1f×", $0.paired) } ?? "-" }
            let wall = Growth(name, from: small, to: big, \.wall)
            return "of medians " + (wall.map { String(format: "%.1f×", $0.ofMedians) } ?? "-")
                + ", cpu " + text(Growth(name, from: small, to: big, \.cpu))
                + ": user " + text(Growth(name, from: small, to: big, \.user))
                + ", kernel " + text(Growth(name, from: small, to: big, \.system))
        }
    }
}

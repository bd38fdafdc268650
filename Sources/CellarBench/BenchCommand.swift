import Foundation

/// `cellar-bench`: parses the command line, sets up the work folder, runs the phases and prints
/// the report. Exit status: 0 ran, 1 a build failed, 2 bad usage or a missing tool.
enum BenchCommand {
    static func main(arguments: [String]) async -> Int32 {
        if arguments.first == ProcessTimer.helperFlag {
            return ProcessTimer.helperMain(Array(arguments.dropFirst()))
        }
        if arguments.first == IOFloor.flag {
            return IOFloor.main(Array(arguments.dropFirst()))
        }
        do throws(BenchError) {
            let options = try BenchOptions(parsing: arguments)
            if options.help {
                Report.out(BenchOptions.usage)
                return 0
            }
            let tools = try BenchTools.locate(options)
            let workspace = try Workspace.make(at: options.work)
            defer { if !options.keep { workspace.cleanUp() } }
            printHeader(options, tools: tools, workspace: workspace)
            var summary = TargetSummary()
            if options.images > 0 {
                Report.heading("Photos: \(options.images) camera-sized JPEGs")
                try ImagePhase(tools: tools, workspace: workspace, count: options.images, hugo: options.hugo, hugoCap: options.hugoCap).run()
            } else if options.search {
                try workspace.makeSite(at: workspace.site, themes: tools.themes)
                let corpus = try makeCorpus(options, format: .cellar, into: workspace.content)
                let runner = CellarRunner(tools: tools, workspace: workspace)
                let result = try SearchComparison(runner: runner, workspace: workspace, repository: tools.repository,
                                                  pagefind: options.pagefind, runs: options.runs, queries: options.queries).run()
                result.print(corpus: corpus, summary: &summary)
            } else if options.scaling {
                try ScalingPhase(tools: tools, workspace: workspace, sizes: options.sizes, seed: options.seed,
                                 runs: options.runs, compareHugo: options.compareHugo).run(summary: &summary)
            } else {
                try await runPhases(options, tools: tools, workspace: workspace, summary: &summary)
            }
            summary.print()
            Report.out("  load average at the end: \(loadAverage())")
            if options.keep { Report.out("\nwork folder kept: \(workspace.root)") }
            return 0
        } catch {
            let message = "cellar-bench: \(error.description)"
            FileHandle.standardError.write(Data((message + (error.exitCode == 2 ? "\n\n" + BenchOptions.usage : "") + "\n").utf8))
            return error.exitCode
        }
    }

    private static func runPhases(
        _ options: BenchOptions, tools: BenchTools, workspace: Workspace, summary: inout TargetSummary
    ) async throws(BenchError) {
        try workspace.makeSite(at: workspace.site, themes: tools.themes)
        let started = ProcessTimer.monotonicSeconds()
        let corpus = try makeCorpus(options, format: .cellar, into: workspace.content)
        printCorpus(corpus, options: options, seconds: ProcessTimer.monotonicSeconds() - started)

        let runner = CellarRunner(tools: tools, workspace: workspace)
        let phases = try BuildPhases(runner: runner, workspace: workspace, corpus: corpus, runs: options.runs).run()
        phases.print(corpus: corpus, summary: &summary)

        if options.codeHeavy {
            var hugo: (hugo: BenchTools.Hugo, content: String)?
            if options.compareHugo, let anchor = tools.anchor {
                _ = try makeCorpus(options, format: .hugo, into: workspace.hugoContent)
                hugo = (anchor, workspace.hugoContent)
            }
            let highlighting = try HighlightingPhase(runner: runner, workspace: workspace, runs: options.runs, hugo: hugo).run()
            highlighting.print(summary: &summary)
        }

        let incremental = try await IncrementalPhase(workspace: workspace, corpus: corpus, edits: options.edits,
                                                     skip: options.runs).run()
        incremental.print(items: corpus.items.count, summary: &summary)

        if options.compareHugo, let hugoSite = tools.hugoSite {
            // The phases above edited some items: start both tools from the same, unedited corpus.
            try workspace.discard(workspace.content)
            _ = try makeCorpus(options, format: .cellar, into: workspace.content)
            _ = try makeCorpus(options, format: .hugo, into: workspace.hugoContent)
            let comparison = try HugoComparison(runner: runner, hugos: tools.hugos, site: workspace.site, cellarOutput: workspace.output,
                                                hugoContent: workspace.hugoContent, hugoOutput: workspace.hugoOutput,
                                                runs: options.runs).run()
            comparison.print(corpus: corpus, hugoSite: hugoSite, anchor: tools.anchor, summary: &summary)
        }
    }

    /// The generated corpus, or a copy of `--corpus DIR`, in the given format.
    private static func makeCorpus(
        _ options: BenchOptions, format: CorpusGenerator.Format, into directory: String
    ) throws(BenchError) -> Corpus {
        if let source = options.corpus {
            return try CorpusImporter.copy(from: source, to: directory, format: format)
        }
        var generator = CorpusGenerator(items: options.items, seed: options.seed, format: format)
        generator.codeHeavy = options.codeHeavy
        return try generator.write(to: directory)
    }

    private static func printHeader(_ options: BenchOptions, tools: BenchTools, workspace: Workspace) {
        let size = options.scaling ? options.sizes.map(Report.count).joined(separator: ", ") + " items"
            : options.corpus.map { "corpus \($0)" } ?? "\(Report.count(options.items)) items, seed \(options.seed)"
        Report.out("cellar-bench: \(size); \(options.runs) runs of each phase")
        Report.line("cellar", tools.cellar)
        Report.line("themes", tools.themes + " (copied into the site)")
        if let site = tools.hugoSite {
            for hugo in tools.hugos {
                Report.line(hugo.label, hugo.path + " (" + hugo.version + (hugo.path == tools.anchor?.path ? ", the goals' anchor" : "")
                            + "; site " + site + ")")
            }
        }
        Report.line("work folder", workspace.root + (options.keep ? " (kept)" : " (removed at the end)"))
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        Report.line("machine", "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(String(format: "%.1f", memory)) GiB, "
                    + "load average \(loadAverage()) (other work on the machine skews every figure: compare ratios)")
        Report.line("timing", "whole processes (wall, cpu and peak RSS from wait4); before each run its input, program and libraries are read "
                    + "once (the host pages out files idle for a minute) and sync(2) flushes the last run's writes")
        if let floor = try? ProcessTimer.measure("/bin/true", [], stdout: nil, stderr: nil, result: workspace.log("measurement")) {
            Report.line("peak RSS floor", "\(Report.mebibytes(floor.usage.peak)) MiB (/bin/true through the measuring helper; "
                        + "no measured process can report less)")
        }
    }

    private static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }

    private static func printCorpus(_ corpus: Corpus, options: BenchOptions, seconds: Double) {
        Report.heading("corpus: " + (options.corpus.map { "copied from \($0)" } ?? "generated"))
        let drafts = corpus.items.count - corpus.published.count
        let kinds = Dictionary(grouping: corpus.published, by: \.kind).map { "\($0.key) \(Report.count($0.value.count))" }.sorted()
        Report.line("items", "\(Report.count(corpus.items.count)) (\(Report.count(drafts)) drafts) in \(String(format: "%.2f", seconds)) s")
        Report.line("published by kind", kinds.joined(separator: ", "))
        Report.line("Markdown", "\(Report.mebibytes(Double(corpus.markdownBytes))) MiB, "
                    + "\(Report.count(corpus.markdownBytes / max(1, corpus.items.count))) bytes per item on average")
    }
}

/// The whole-process phases, run `runs` times in turn:
/// 1. full: `cellar build --site site --quiet` from nothing (output, spare folder and cache moved away);
/// 2. no-change: `cellar build --site site --quiet` right after, checking that no output file changed;
/// 3. first edit: one item's body gets a sentence appended, then a build — the first after a build
///    from nothing, which also makes the spare folder the next builds put the site together in;
/// 4. one-file: another such edit and build (what every later edit costs).
struct BuildPhases {
    var runner: CellarRunner
    var workspace: Workspace
    var corpus: Corpus
    var runs: Int

    struct Result {
        var built: CellarRunner.BuiltLine
        var htmlFiles: Int
        var outputFiles: Int
        var full: RunSummary
        var noChange: RunSummary
        var firstEdit: RunSummary
        var oneFile: RunSummary
        var noChangeDifferences: [OutputSnapshot.Difference]
        var noChangeCacheWrites: [Int]
        var oneFileDifferences: [OutputSnapshot.Difference]
        var editedFiles: [String]
    }

    func run() throws(BenchError) -> Result {
        let site = workspace.site
        let built = try runner.countingBuild(site: site)        // warm-up, not counted
        let targets = corpus.editTargets(count: runs)
        var full: [ProcessMeasurement] = []
        var noChange: [ProcessMeasurement] = []
        var firstEdit: [ProcessMeasurement] = []
        var oneFile: [ProcessMeasurement] = []
        var noChangeDifferences: [OutputSnapshot.Difference] = []
        var cacheWrites: [Int] = []
        var oneFileDifferences: [OutputSnapshot.Difference] = []
        var last = OutputSnapshot()
        for run in 0..<runs {
            full.append(try runner.buildFromNothing(site: site).0)

            let before = OutputSnapshot.take(workspace.output)
            let cacheBefore = OutputSnapshot.take(workspace.cache)
            noChange.append(try runner.build(site: site, clean: false))
            let after = OutputSnapshot.take(workspace.output)
            noChangeDifferences.append(before.difference(to: after))
            cacheWrites.append(cacheBefore.difference(to: OutputSnapshot.take(workspace.cache)).total)

            try Self.appendSentence(to: workspace.content + "/" + targets[run].path, edit: run + 1)
            firstEdit.append(try runner.build(site: site, clean: false))
            let edited = OutputSnapshot.take(workspace.output)
            try Self.appendSentence(to: workspace.content + "/" + targets[run].path, edit: 100 + run + 1)
            oneFile.append(try runner.build(site: site, clean: false))
            last = OutputSnapshot.take(workspace.output)
            oneFileDifferences.append(edited.difference(to: last))
        }
        return Result(
            built: built, htmlFiles: last.count(withSuffix: ".html"), outputFiles: last.entries.count,
            full: RunSummary(full), noChange: RunSummary(noChange), firstEdit: RunSummary(firstEdit), oneFile: RunSummary(oneFile),
            noChangeDifferences: noChangeDifferences, noChangeCacheWrites: cacheWrites,
            oneFileDifferences: oneFileDifferences, editedFiles: targets.map(\.path)
        )
    }

    /// Appends a new paragraph of one sentence to an item's body.
    static func appendSentence(to path: String, edit: Int) throws(BenchError) {
        let sentence = "\nThis sentence was appended by cellar-bench, edit number \(edit).\n"
        try FileTree.write(Array(sentence.utf8), toFile: path, append: true)
    }
}

extension BuildPhases.Result {
    func print(corpus: Corpus, summary: inout TargetSummary) {
        let wall = full.wall.median
        Report.heading("full build from nothing: cellar build --site site --quiet, no output, spare or cache (\(full.runs) runs after 1 warm-up)")
        Report.summaryTable(full)
        Report.line("pages", "\(Report.count(built.pages)) (\"Built \(built.pages) pages from \(built.items) items\"); "
                    + "\(Report.count(htmlFiles)) .html files, \(Report.count(outputFiles)) files in public/")
        Report.line("items/s", "\(Report.rate(Double(corpus.items.count) / wall)) (all \(Report.count(corpus.items.count)) items); "
                    + "\(Report.rate(Double(built.items) / wall)) (\(Report.count(built.items)) published)")
        Report.line("pages/s", Report.rate(Double(built.pages) / wall))

        summary.add("full build", measured: "\(Report.seconds(wall)) s", limit: "", passed: nil,
                    note: "\(Report.rate(Double(corpus.items.count) / wall)) items/s, \(Report.rate(Double(built.pages) / wall)) pages/s, \(Report.mebibytes(full.peak.median)) MiB")

        let ratio = noChange.wall.median / wall
        let changed = noChangeDifferences.map(\.total)
        Report.heading("no-change build: cellar build --site site --quiet, right after a full build")
        Report.summaryTable(noChange)
        Report.line("vs full build", "\(Report.ratio(ratio)) of the full build's median wall time (target ≤ 0.25)")
        Report.line("output files changed", changed.map(String.init).joined(separator: ", ") + " (per run; must be 0)")
        Report.line("metadata only", noChangeDifferences.map { String($0.touched) }.joined(separator: ", ")
                    + " (files with only a new ctime, e.g. hard-linked into a staging folder)")
        Report.line("public/ replaced", noChangeDifferences.map { $0.folderReplaced ? "yes" : "no" }.joined(separator: ", "))
        Report.line("cache files written", noChangeCacheWrites.map(String.init).joined(separator: ", ") + " (.cellar-cache, informational)")
        summary.add("no-change build writes no file", measured: "\(changed.max() ?? 0) files", limit: "0",
                    passed: changed.allSatisfy { $0 == 0 })
        summary.add("no-change build / full build", measured: Report.ratio(ratio), limit: "≤ 0.25", passed: ratio <= 0.25,
                    note: "\(Report.seconds(noChange.wall.median)) s / \(Report.seconds(wall)) s")

        Report.heading("first edit after a build from nothing: a sentence appended, then cellar build --site site --quiet")
        Report.note("this build also makes the spare folder beside public/ (a folder for each of the site's, a hard link for each file)")
        Report.summaryTable(firstEdit)
        summary.add("first edit after a build from nothing", measured: "\(Report.milliseconds(firstEdit.wall.median)) ms",
                    limit: "", passed: nil, note: "makes the spare folder")

        Report.heading("one-file edit: a sentence appended to one item, then cellar build --site site --quiet")
        Report.summaryTable(oneFile)
        Report.line("files written", oneFileDifferences.map { "\($0.total)" }.joined(separator: ", ")
                    + " (per run: written again, added or removed; every other file keeps its inode and time)")
        Report.line("public/ replaced", oneFileDifferences.map { $0.folderReplaced ? "yes" : "no" }.joined(separator: ", "))
        Report.line("edited", editedFiles.prefix(3).joined(separator: ", ") + (editedFiles.count > 3 ? ", …" : ""))
        summary.add("one-file edit (process)", measured: "\(Report.milliseconds(oneFile.wall.median)) ms", limit: "", passed: nil,
                    note: "median files written: \(oneFileDifferences.map(\.total).sorted()[oneFileDifferences.count / 2])")
    }
}

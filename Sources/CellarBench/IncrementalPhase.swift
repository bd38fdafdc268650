import CellarEngine
import Foundation

/// The serve path, in process: one ``BuildSession`` writing in place into its own folder, a full
/// first build, then K edits of different files, each timed from just before the file is written
/// to the return of `build(changed:)`.
struct IncrementalPhase {
    var workspace: Workspace
    var corpus: Corpus
    var edits: Int
    /// Edit targets already used by the one-file phase, skipped here.
    var skip: Int

    struct Result {
        var first: Double
        var firstWritten: Int
        var edits: Statistics
        var perEdit: [Double]
        var written: [Int]
        var peakRSS: Double
        var editedFiles: [String]
    }

    func run() async throws(BenchError) -> Result {
        let options = BuildOptions(siteDirectory: workspace.site, outputDirectory: workspace.serveOutput,
                                   cacheDirectory: workspace.serveCache, writeMode: .inPlace)
        let session = BuildSession(options: options)
        sync()
        let start = ProcessTimer.monotonicSeconds()
        let first = try await Self.build(session, changed: nil)
        let firstTime = ProcessTimer.monotonicSeconds() - start
        let targets = corpus.editTargets(count: edits, offset: skip)
        var times: [Double] = []
        var written: [Int] = []
        for (index, target) in targets.enumerated() {
            let path = workspace.content + "/" + target.path
            let began = ProcessTimer.monotonicSeconds()
            try BuildPhases.appendSentence(to: path, edit: 1000 + index)
            let report = try await Self.build(session, changed: [path])
            times.append(ProcessTimer.monotonicSeconds() - began)
            written.append(report.written + report.removed)
        }
        return Result(first: firstTime, firstWritten: first.written, edits: Statistics(times), perEdit: times,
                      written: written, peakRSS: ProcessTimer.selfPeakRSS(), editedFiles: targets.map(\.path))
    }

    private static func build(_ session: BuildSession, changed: Set<String>?) async throws(BenchError) -> BuildReport {
        do {
            return try await session.build(changed: changed)
        } catch {
            throw .buildFailed("BuildSession.build failed:\n\(error.description)")
        }
    }
}

extension IncrementalPhase.Result {
    func print(items: Int, summary: inout TargetSummary) {
        Report.heading("incremental in memory (the serve path): BuildSession, writeMode .inPlace, \(perEdit.count) edits")
        Report.line("first build (full)", "\(Report.milliseconds(first)) ms, \(Report.count(firstWritten)) files written")
        Report.table(["edit → rebuilt", "min", "median", "max"],
                     [["ms"] + [edits.min, edits.median, edits.max].map { Report.milliseconds($0) }])
        Report.line("per edit, ms", perEdit.map { Report.milliseconds($0) }.joined(separator: ", "))
        Report.line("files written per edit", written.map(String.init).joined(separator: ", "))
        Report.line("bench peak RSS", "\(Report.mebibytes(peakRSS)) MiB (the whole cellar-bench process so far)")
        let note = items == 10_000 ? "max \(Report.milliseconds(edits.max)) ms"
            : "max \(Report.milliseconds(edits.max)) ms; measured at \(Report.count(items)) items, the target is for 10,000"
        summary.add("serve: one edit → rebuilt (median)", measured: "\(Report.milliseconds(edits.median)) ms", limit: "≤ 20 ms",
                    passed: edits.median <= 0.020, note: note)
    }
}

import Foundation

/// `cellar-bench --search`: Cellar's search index beside Pagefind's on the same built site.
///
/// - Index time: full builds from nothing with `search: true` and `search: false`, alternately
///   (the index is written while the pages are, so its cost is the difference of the medians),
///   beside `pagefind --site public` run on the same output.
/// - Index size on disk: every file under `search/index/` (and `js/search.js`); every file Pagefind
///   writes under `pagefind/` (its UI files included, and apart).
/// - Bytes per query and time to the results: `scripts/search-bytes`, in Chromium, cold cache.
struct SearchComparison {
    var runner: CellarRunner
    var workspace: Workspace
    var repository: String
    var pagefind: String?
    var runs: Int
    var queries: [String]

    /// One line of `scripts/search-bytes`: what a query cost one tool, in a cold browser.
    struct QueryFigures: Sendable, Decodable {
        var tool: String
        var query: String
        var bytes: Int
        var gzipBytes: Int
        var files: Int
        var milliseconds: Double
        var results: Int
        /// The first result's address; nil when nothing was found.
        var first: String?

        enum CodingKeys: String, CodingKey {
            case tool, query, bytes, files, results, first
            case gzipBytes = "gzip_bytes"
            case milliseconds = "ms"
        }
    }

    struct Result {
        var withSearch: RunSummary
        var withoutSearch: RunSummary
        /// Every run, in the order they ran: the warm-up (search on), then off, on, off, on…
        var order: [(search: Bool, measurement: ProcessMeasurement)]
        var cellarFiles: Int
        var cellarBytes: Int
        var scriptBytes: Int
        var pagefindTime: ProcessMeasurement?
        var pagefindFiles: Int
        var pagefindBytes: Int
        var pagefindIndexBytes: Int
        var queries: [QueryFigures]
    }

    func run() throws(BenchError) -> Result {
        let settings = workspace.content + "/_index.md"
        guard let original = FileTree.read(settings) else { throw .failure("cannot read \(settings)") }
        let off = original.replacingOccurrences(of: "---\n", with: "---\nsearch: false\n", options: [], range: original.range(of: "---\n"))
        var on: [ProcessMeasurement] = []
        var without: [ProcessMeasurement] = []
        var order: [(search: Bool, measurement: ProcessMeasurement)] = []
        order.append((true, try runner.buildFromNothing(site: workspace.site).0))   // warm-up
        for _ in 0..<runs {
            try write(off, to: settings)
            without.append(try runner.buildFromNothing(site: workspace.site).0)
            order.append((false, without[without.count - 1]))
            try write(original, to: settings)
            on.append(try runner.buildFromNothing(site: workspace.site).0)
            order.append((true, on[on.count - 1]))
        }
        let index = Self.files(under: workspace.output + "/search/index")
        let script = Self.files(under: workspace.output + "/js").filter { $0.path.hasSuffix("/search.js") }
        var result = Result(withSearch: RunSummary(on), withoutSearch: RunSummary(without), order: order,
                            cellarFiles: index.count, cellarBytes: index.reduce(0) { $0 + $1.size },
                            scriptBytes: script.reduce(0) { $0 + $1.size }, pagefindTime: nil,
                            pagefindFiles: 0, pagefindBytes: 0, pagefindIndexBytes: 0, queries: [])
        if let pagefind {
            result.pagefindTime = try ProcessTimer.measure(pagefind, ["--site", workspace.output], stdout: workspace.log("pagefind.out"),
                                                           stderr: workspace.log("pagefind.err"), result: workspace.log("measurement"))
            let files = Self.files(under: workspace.output + "/pagefind")
            result.pagefindFiles = files.count
            result.pagefindBytes = files.reduce(0) { $0 + $1.size }
            result.pagefindIndexBytes = files.filter { !$0.path.contains("-ui") && !$0.path.contains("component") }.reduce(0) { $0 + $1.size }
        }
        result.queries = try measureQueries()
        return result
    }

    private func write(_ text: String, to path: String) throws(BenchError) {
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch { throw .failure("cannot write \(path): \(error)") }
    }

    private func measureQueries() throws(BenchError) -> [QueryFigures] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository + "/scripts/search-bytes", workspace.output] + queries
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        do { try process.run() } catch { throw .failure("cannot run scripts/search-bytes: \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw .failure("scripts/search-bytes failed (needs chromium, chromium-driver, python3 selenium)") }
        let decoder = JSONDecoder()
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line throws(BenchError) in
            do { return try decoder.decode(QueryFigures.self, from: Data(line.utf8)) } catch {
                throw .failure("scripts/search-bytes printed a line that is not a query's figures (\(error)): \(line)")
            }
        }
    }

    static func files(under folder: String) -> [(path: String, size: Int)] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [(String, Int)] = []
        while let name = enumerator.nextObject() as? String {
            let path = folder + "/" + name
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG { found.append((path, Int(info.st_size))) }
        }
        return found
    }
}

extension SearchComparison.Result {
    func print(corpus: Corpus, summary: inout TargetSummary) {
        Report.heading("search: Cellar's index beside Pagefind's, same built site (\(Report.count(corpus.published.count)) published items)")
        let indexSeconds = max(0, withSearch.wall.median - withoutSearch.wall.median)
        let share = indexSeconds / withSearch.wall.median
        var rows = [
            ["full build wall s (median)", Report.seconds(withSearch.wall.median), "–"],
            ["same build with search: false", Report.seconds(withoutSearch.wall.median), "–"],
            ["peak RSS MiB (median), search on / off",
             Report.mebibytes(withSearch.peak.median) + " / " + Report.mebibytes(withoutSearch.peak.median), "–"],
            ["index time s", Report.seconds(indexSeconds) + " (difference)",
             pagefindTime.map { Report.seconds($0.usage.wall) + " (pagefind --site)" } ?? "not run"],
            ["index time / Cellar's build", String(format: "%.1f %%", share * 100),
             pagefindTime.map { String(format: "%.1f %%", $0.usage.wall / withSearch.wall.median * 100) } ?? "–"],
            ["index on disk KiB", Self.kib(cellarBytes) + " in \(Report.count(cellarFiles)) files (+ search.js \(Self.kib(scriptBytes)))",
             pagefindFiles > 0 ? Self.kib(pagefindIndexBytes) + " without its UI files; \(Self.kib(pagefindBytes)) in \(Report.count(pagefindFiles)) files" : "–"],
        ]
        for query in Set(queries.map(\.query)).sorted() {
            let cellar = queries.first { $0.tool == "cellar" && $0.query == query }
            let pagefind = queries.first { $0.tool == "pagefind" && $0.query == query }
            func bytes(_ figures: SearchComparison.QueryFigures?) -> String {
                figures.map { "\(Self.kib($0.bytes)) (gzip \(Self.kib($0.gzipBytes))) in \($0.files) files" } ?? "–"
            }
            func time(_ figures: SearchComparison.QueryFigures?) -> String {
                figures.map { String(format: "%.0f ms, %d shown, first %@", $0.milliseconds, $0.results, $0.first ?? "–") } ?? "–"
            }
            rows.append(["“\(query)” KiB fetched", bytes(cellar), bytes(pagefind)])
            rows.append(["“\(query)” to results", time(cellar), time(pagefind)])
            if let cellar, let pagefind {
                summary.add("bytes for “\(query)”, Cellar/Pagefind", measured: Report.ratio(Double(cellar.bytes) / Double(pagefind.bytes)),
                            limit: "≤ 1.00", passed: cellar.bytes <= pagefind.bytes,
                            note: "gzip'd: \(Report.ratio(Double(cellar.gzipBytes) / Double(max(1, pagefind.gzipBytes))))")
            }
        }
        Report.table(["", "Cellar", "Pagefind"], rows)
        // Each run, so that a median can be read against the runs it came from (the first is the warm-up).
        Report.table(["run", "search", "wall s", "CPU s", "peak RSS MiB"], order.enumerated().map { index, run in
            [index == 0 ? "warm-up" : "\(index)", run.search ? "on" : "off", Report.seconds(run.measurement.usage.wall),
             Report.seconds(run.measurement.usage.cpu), Report.mebibytes(run.measurement.usage.peak)]
        })
        Report.note("Bytes: the files the page and its workers asked a plain HTTP server for (cold cache), script included; "
                    + "gzip: the same files gzip'd, as a compressing server sends them (Pagefind's index files are gzip'd on disk). "
                    + "8 results shown by each (their metadata or fragments fetched).")
        // A difference at or below zero is noise (the builds with search off were as slow or slower):
        // it proves nothing either way, so it gets no verdict.
        let rawDifference = withSearch.wall.median - withoutSearch.wall.median
        summary.add("search index time / build", measured: String(format: "%.1f %%", share * 100), limit: "≤ 10 %",
                    passed: rawDifference > 0 ? share <= 0.10 : nil,
                    note: rawDifference > 0 ? "" : "no verdict: the builds without search were not faster (\(Report.seconds(rawDifference)) s); rerun on a quieter machine")
    }

    static func kib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1024) }
}

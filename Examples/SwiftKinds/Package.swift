// swift-tools-version: 6.0
import PackageDescription

// A site whose `review` and `release` kinds are Swift types drawn by Swift cells, built with
// Cellar as a library: `swift run` builds it; `swift run SwiftKinds <command>` runs any cellar command on it.
let package = Package(
    name: "SwiftKinds",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Cellar itself, two folders up (a real site would depend on its Git URL).
        .package(name: "Cellar", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "SwiftKinds",
            dependencies: [
                .product(name: "CellarEngine", package: "Cellar"),
                .product(name: "CellarCLI", package: "Cellar"),
            ]
        ),
    ]
)

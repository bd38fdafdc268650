@testable import CellarCLI
import Foundation
import Testing

/// The transaction tests' fault hook (`CELLAR_TEST_FAULT`) is compiled into debug builds only
/// (`CELLAR_FAULT_INJECTION`, Package.swift): a release binary, the one installed and shipped,
/// builds normally whatever the variable says.
@Suite struct ReleaseBuildTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// A release `cellar` of this checkout (`scripts/build-release` or `swift build -c release`)
    /// newer than every source of the CLI and the manifest; nil when there is none, or only a stale one.
    static let releaseBinary: String? = {
        let sources = [root + "/Package.swift"] + FolderSnapshot.paths(root + "/Sources/CellarCLI").map { root + "/Sources/CellarCLI/" + $0 }
        let newestSource = sources.compactMap(modified).max() ?? .distantFuture
        return [root + "/.build-install/release/cellar", root + "/.build/release/cellar"].first { path in
            FileManager.default.isExecutableFile(atPath: path) && (modified(path) ?? .distantPast) > newestSource
        }
    }()

    static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    @Test func thisTestBuildReadsTheHook() {
        #expect(TestFaults.compiledIn, "the transaction tests need CELLAR_TEST_FAULT in debug builds")
    }

    @Test(.enabled(if: releaseBinary != nil, "no current release build of cellar (scripts/build-release makes one)"))
    func aReleaseBinaryBuildsNormallyWithTheHookSet() async throws {
        let folder = try TemporaryFolder()
        let site = folder.path + "/site"
        #expect(await Run.cellar(["new", "site", site], in: folder.path).status == .success)
        let outcome = try await CellarProcess.start(["build", "--site", site], environment: ["CELLAR_TEST_FAULT": "kill-at=1,space=1"],
                                                    executable: Self.releaseBinary).wait()
        #expect(!outcome.signalled && outcome.status == 0, "\(outcome.err)")
        #expect(outcome.out.hasPrefix("Built "))
        #expect(FileManager.default.fileExists(atPath: site + "/public/index.html"))
    }
}

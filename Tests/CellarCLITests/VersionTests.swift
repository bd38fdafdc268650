@testable import CellarCLI
import CellarEngine
import Testing

/// `cellar --version`: Cellar's version, the commit of the build, the C libraries it runs with.
@Suite struct VersionTests {
    @Test func theTextNamesTheVersionTheCommitAndEachLibrary() {
        let info = VersionInfo(version: "0.2.0", commit: "abc1234",
                               libraries: [("cmark", "0.30.2"), ("libyaml", "0.2.5"), ("libmicrohttpd", "0.9.75")])
        #expect(info.text == "cellar 0.2.0 (commit abc1234)\ncmark 0.30.2, libyaml 0.2.5, libmicrohttpd 0.9.75")
    }

    @Test func anUnstampedBuildSaysTheCommitIsUnknown() {
        let info = VersionInfo(version: "0.2.0", commit: nil, libraries: [("cmark", "0.30.2")])
        #expect(info.text == "cellar 0.2.0 (commit unknown)\ncmark 0.30.2")
    }

    @Test func eachLinkedLibraryReportsANumericVersion() {
        let libraries = VersionInfo.linkedLibraries
        #expect(libraries.map(\.name) == ["cmark", "libyaml", "source-highlight", "pcre2", "toml11", "libmicrohttpd"])
        for library in libraries {
            let parts = library.version.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count >= 2 && parts.allSatisfy { Int($0) != nil }, "\(library.name) reported '\(library.version)'")
        }
    }

    @Test(arguments: ["--version", "-V", "version"]) func everySpellingPrintsTheSameTwoLines(_ word: String) async {
        let run = await Run.cellar([word], in: "/")
        #expect(run.status == .success)
        #expect(run.err == "")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first == "cellar \(CellarVersion.current) (commit \(BuildStamp.commit ?? "unknown"))")
        #expect(lines.last == VersionInfo.linkedLibraries.map { "\($0.name) \($0.version)" }.joined(separator: ", "))
    }
}

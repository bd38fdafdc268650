@testable import CellarCLI
import Foundation
import Testing

/// `cellar build --timings`: each stage's wall time, CPU time, the kernel's part of it and the peak
/// memory, on one line a stage, as `cellar-bench` reads them.
@Suite struct TimingsTests {
    @Test func everyStageSaysItsWallCPUKernelTimeAndPeakMemory() async throws {
        let folder = try TemporaryFolder()
        #expect(await Run.cellar(["new", "site", "mysite"], in: folder.path).status == .success)
        let built = await Run.cellar(["build", "--site", "mysite", "--quiet", "--timings"], in: folder.path)
        #expect(built.status == .success, "\(built.err)")
        let lines = built.out.split(separator: "\n")
        for stage in ["loading site and theme", "parsing items", "building the model", "rendering cells", "assembling pages",
                      "rendering and writing"] {
            // `  parsing items          12.3 ms   cpu    20.1 ms   sys     3.0 ms   peak    35 MiB`
            let line = try #require(lines.first { $0.hasPrefix("  " + stage + " ") }, "no line for \(stage) in:\n\(built.out)")
            let words = line.split(separator: " ")
            let number = { (label: Substring) -> Double? in words.firstIndex(of: label).flatMap { Double(words[$0 + 1]) } }
            let wall = try #require(Double(words[words.firstIndex(of: "ms")! - 1]))
            let cpu = try #require(number("cpu")), kernel = try #require(number("sys")), peak = try #require(number("peak"))
            #expect(wall >= 0 && cpu >= 0 && peak > 0)
            #expect(kernel >= 0 && kernel <= cpu, "\(line): the kernel's part cannot exceed the CPU time")
        }
    }
}

import CellarTestSupport
import Foundation
import Testing

/// A build that runs out of disk space on a real (small) file system: one problem, saying what was
/// needed and what was free; the output as it was; the folder the new site was put together in
/// removed, so the space is free again; and the next build, once there is room, needs nothing first.
@Suite(.serialized, .enabled(if: Mounting.isPermitted, "needs permission to mount a tmpfs (root)"))
struct DiskFullTests {
    @Test(arguments: [false, true])
    func aFullDiskIsOneProblemAndLeavesNothingBehind(clean: Bool) async throws {
        let folder = try TemporaryFolder()
        let disk = folder.path + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        try Mounting.mountTmpfs(at: disk, size: "2m")
        defer { Mounting.unmount(disk) }
        let site = folder.path + "/site"
        #expect(await Run.cellar(["new", "site", site], in: folder.path).status == .success)
        let build = ["build", "--site", site, "--output", disk + "/www"] + (clean ? ["--clean"] : [])
        let first = await Run.cellar(build, in: folder.path)
        #expect(first.status == .success, "\(first.err)")
        let old = FolderSnapshot.take(disk + "/www")
        let freeBefore = Mounting.free(disk)

        // Too big for what is left: 3 MiB of bytes that do not compress.
        var random = SystemRandomNumberGenerator()
        let big = (0..<(3 << 20)).map { _ in UInt8.random(in: 0...255, using: &random) }
        try Data(big).write(to: URL(fileURLWithPath: site + "/content/big.bin"))
        for number in 1...30 {
            try Data("---\ntitle: Post \(number)\ndate: 2024-01-01\n---\nWords.\n".utf8)
                .write(to: URL(fileURLWithPath: site + "/content/posts/post-\(number).md"))
        }
        let full = await Run.cellar(build, in: folder.path)
        #expect(full.status == .failure)
        let lines = full.err.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(full.err)")
        #expect(lines.first?.hasPrefix("error: not enough disk space for the new site beside ") == true, "\(full.err)")
        #expect(lines.first?.contains("www/: it needs about ") == true, "\(full.err)")
        #expect(lines.first.map { $0.contains("MiB, and ") && $0.hasSuffix(" was free") } == true, "\(full.err)")
        #expect(lines.dropFirst().first == "  hint: free some space on that disk, or build into another folder with --output DIR")
        #expect(lines.last?.hasSuffix("www/ is as it was.") == true, "\(full.err)")
        #expect(FolderSnapshot.take(disk + "/www") == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == ["www"])
        #expect(Mounting.free(disk) >= freeBefore)

        try FileManager.default.removeItem(atPath: site + "/content/big.bin")
        let roomy = await Run.cellar(build, in: folder.path)
        #expect(roomy.status == .success, "\(roomy.err)")
        #expect(FolderSnapshot.take(disk + "/www")?["posts/post-30/index.html"] != nil)
    }
}

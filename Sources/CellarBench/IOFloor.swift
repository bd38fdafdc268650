import CellarEngine
import CellarFiles
import Dispatch
import Foundation
import Synchronization

/// The file work of a build with nothing else: every content file read, then every file of a real
/// build's output written back with as many bytes, folders made as needed — on every core, as a
/// build does, with no parsing and no rendering (`../shared/bench/iofloor.c` does the same on
/// one core). What this costs is the machine's: the kernel's and, in a virtual machine, the
/// host's. Measured beside each build of `--scaling`, its growth from size to size says how much of
/// a stage's growth the same reads and writes show on their own.
///
/// It runs as a process of its own, `cellar-bench --io-floor CONTENT MANIFEST OUT`, so that it is
/// measured like a build (see ``ProcessTimer``), and prints its two parts as `cellar build
/// --timings` prints stages, for ``StageTiming/parse(_:)``.
enum IOFloor {
    static let flag = "--io-floor"
    static let readingStage = "floor: reading"
    static let writingStage = "floor: writing"

    /// One file of an output: its path under the output folder and its size.
    struct Entry {
        var path: String
        var size: Int
    }

    /// Lists every file under `output` as `size path` lines into `manifest`.
    static func writeManifest(of output: String, to manifest: String) throws(BenchError) {
        var lines: [UInt8] = []
        for file in FileTree.files(under: output) {
            var status = stat()
            guard stat(file, &status) == 0 else { continue }
            lines += Array("\(status.st_size) \(file.dropFirst(output.count + 1))\n".utf8)
        }
        try FileTree.write(lines, toFile: manifest, append: false)
    }

    /// The floor's own process: returns its exit status.
    static func main(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3 else {
            FileHandle.standardError.write(Data("usage: cellar-bench \(flag) CONTENT MANIFEST OUT\n".utf8))
            return 2
        }
        let (content, manifest, output) = (arguments[0], arguments[1], arguments[2])
        guard let entries = readManifest(manifest) else {
            FileHandle.standardError.write(Data("cellar-bench \(flag): cannot read \(manifest)\n".utf8))
            return 1
        }
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let failures = Atomic<Int>(0)

        let files = FileTree.files(under: content)
        let reading = usageNow()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            for index in stride(from: worker, to: files.count, by: workers) {
                FileTree.readFile(files[index], buffer: &buffer)
            }
        }
        let writing = usageNow()
        print(readingStage, from: reading, to: writing)

        let largest = entries.map(\.size).max() ?? 0
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: max(1, largest))
        guard mkdir(output, 0o755) == 0 || errno == EEXIST else {
            FileHandle.standardError.write(Data("cellar-bench \(flag): cannot make \(output)\n".utf8))
            return 1
        }
        // Runs of 64 files to each core in turn, as a build hands out its pages.
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var made: Set<String> = []
            for start in stride(from: worker * 64, to: entries.count, by: workers * 64) {
                for entry in entries[start..<min(entries.count, start + 64)] {
                    let target = output + "/" + entry.path
                    let parent = String(target[..<(target.lastIndex(of: "/") ?? target.endIndex)])
                    if !made.contains(parent) {
                        makeFolders(parent, under: output)
                        made.insert(parent)
                    }
                    let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                    guard descriptor >= 0 else { failures.add(1, ordering: .relaxed); continue }
                    let written = bytes.withUnsafeBytes { SystemCalls.write(descriptor, $0.baseAddress!, entry.size) }
                    if written != entry.size { failures.add(1, ordering: .relaxed) }
                    close(descriptor)
                }
            }
        }
        print(writingStage, from: writing, to: usageNow())
        let failed = failures.load(ordering: .relaxed)
        if failed > 0 {
            FileHandle.standardError.write(Data("cellar-bench \(flag): \(failed) files could not be written\n".utf8))
            return 1
        }
        return 0
    }

    // MARK: - Private

    private static func readManifest(_ path: String) -> [Entry]? {
        guard let text = FileTree.read(path) else { return nil }
        return text.split(separator: "\n").compactMap { line in
            guard let space = line.firstIndex(of: " "), let size = Int(line[..<space]) else { return nil }
            return Entry(path: String(line[line.index(after: space)...]), size: size)
        }
    }

    /// `mkdir -p` below `root` (which exists): the folder, and any of its parents that are missing.
    private static func makeFolders(_ folder: String, under root: String) {
        guard folder.count > root.count, mkdir(folder, 0o755) != 0, errno == ENOENT else { return }
        makeFolders(String(folder[..<(folder.lastIndex(of: "/") ?? folder.endIndex)]), under: root)
        _ = mkdir(folder, 0o755)
    }

    /// This process's CPU time and peak memory so far, with the monotonic clock's time as its wall time.
    private static func usageNow() -> ResourceUsage<Double> {
        ResourceUsage(wall: ProcessTimer.monotonicSeconds(), rusage: SystemCalls.selfUsage())
    }

    /// One line as `cellar build --timings` prints a stage.
    private static func print(_ stage: String, from start: ResourceUsage<Double>, to end: ResourceUsage<Double>) {
        Report.out("  " + stage.padding(toLength: 18, withPad: " ", startingAt: 0)
                   + String(format: "%7.1f ms   cpu %7.1f ms   sys %7.1f ms   peak %5d MiB", (end.wall - start.wall) * 1000,
                            (end.cpu - start.cpu) * 1000, (end.system - start.system) * 1000, Int(end.peak) >> 20))
    }
}

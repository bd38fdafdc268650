import Synchronization

/// The files a program runs from: its executable and the shared libraries the dynamic linker
/// finds for it (`ldd`), listed once per program.
enum ProgramFiles {
    private static let known = Mutex<[String: [String]]>([:])

    /// Reads the program's files (see ``FileTree/readAll(_:)`` for why a run's files are read first).
    /// - Parameter scratch: a file for `ldd`'s output.
    static func read(_ executable: String, scratch: String) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        for file in of(executable, scratch: scratch) { FileTree.readFile(file, buffer: &buffer) }
    }

    /// The executable, then each library `ldd` resolves for it (none where there is no `ldd`).
    static func of(_ executable: String, scratch: String) -> [String] {
        if let files = known.withLock({ $0[executable] }) { return files }
        var files = [executable]
        if FileTree.exists("/usr/bin/ldd"), let run = try? ProcessTimer.spawn("/usr/bin/ldd", [executable], stdout: scratch),
           run.status == 0, let listing = FileTree.read(scratch) {
            // `\tlibcmark.so.0.30.2 => /lib/x86_64-linux-gnu/libcmark.so.0.30.2 (0x…)`
            for line in listing.split(separator: "\n") {
                let words = line.split(separator: " ")
                if let arrow = words.firstIndex(of: "=>"), arrow + 1 < words.count, words[arrow + 1].hasPrefix("/") {
                    files.append(String(words[arrow + 1]))
                }
            }
        }
        known.withLock { $0[executable] = files }
        return files
    }
}

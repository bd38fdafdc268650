import AnnotatedLocking
import CellarCLI
import Foundation
import Synchronization

/// A terminal that keeps what commands print, stdout and stderr apart.
final class CapturingTerminal: Sendable {
    private let buffers = Mutex((out: "", err: ""))

    var terminal: Terminal { terminal(interactive: false) }

    /// As if stderr were a terminal (`interactive`) or a pipe.
    func terminal(interactive: Bool) -> Terminal {
        Terminal(isInteractive: interactive) { [self] text, isError in
            buffers.withAnnotatedLock { if isError { $0.err += text } else { $0.out += text } }
        }
    }

    var out: String { buffers.withAnnotatedLock { $0.out } }
    var err: String { buffers.withAnnotatedLock { $0.err } }
}

/// A folder for one test, removed when the value goes away.
final class TemporaryFolder: Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-cli-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    func write(_ text: String, to relative: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + relative))
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relative)
    }
}

/// One run of `cellar` with its exit status and output.
struct Run {
    var status: ExitStatus
    var out: String
    var err: String

    /// Runs `cellar <arguments>` in `folder`.
    static func cellar(_ arguments: [String], in folder: String) async -> Run {
        let capture = CapturingTerminal()
        let status = await CLI(arguments: arguments, terminal: capture.terminal, workingDirectory: folder).run()
        return Run(status: status, out: capture.out, err: capture.err)
    }
}

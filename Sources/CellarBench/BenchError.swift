/// Why the bench stopped: a usage mistake (exit 2) or a failure to run (exit 1).
enum BenchError: Error, CustomStringConvertible {
    /// A bad command line; the usage is printed with it.
    case usage(String)
    /// A build (Cellar's or Hugo's) exited with an error.
    case buildFailed(String)
    /// Setting up or measuring failed (a folder could not be written, a process not started).
    case failure(String)

    var description: String {
        switch self {
        case .usage(let message), .buildFailed(let message), .failure(let message): message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .buildFailed, .failure: 1
        }
    }
}

import AnnotatedLocking
import CellarDiagnostics
import Synchronization

/// The symlinks of the source that lead out of it, met while reading it: never followed, never
/// read, each reported once (a post linked to `~/.ssh/id_ed25519` would otherwise be imported,
/// and the next build would publish it).
final class OutsideLinks: Sendable {
    private let links = Mutex<[String: String]>([:])

    /// Notes that `path` (relative to the source) leads to `target`, outside the source.
    func note(_ path: String, target: String) {
        links.withAnnotatedLock { $0[path] = $0[path] ?? target }
    }

    /// `error`, its hint led by the first link met, if any (a settings file or the content folder
    /// that is a link out of the site reads as missing).
    func explaining(_ error: Diagnostic) -> Diagnostic {
        guard let (path, target) = links.withAnnotatedLock({ $0.min { $0.key < $1.key } }) else { return error }
        var explained = error
        explained.hint = "\(path) is a symlink that leads outside the site, to \(target): it is never read"
            + (error.hint.map { "; " + $0 } ?? "")
        return explained
    }

    /// One problem line per link, in path order.
    func notes(display: (String) -> String) -> [ImportNote] {
        links.withAnnotatedLock { $0 }.sorted { $0.key < $1.key }.map { path, target in
            ImportNote(.problem, .file, "\(path): a symlink that leads outside the site, to \(target): not read, not imported",
                       at: SourceLocation(file: display(path)), hint: "copy the file into the site if it belongs to it")
        }
    }
}

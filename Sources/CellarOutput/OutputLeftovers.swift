import CellarFiles
/// What interrupted builds left, removed at the start of every build — only what its name and
/// Cellar's marker prove to be Cellar's:
/// - beside the output, the folders older versions of Cellar used for a swap in two renames
///   (`.public.cellar-old-PID`, `.public.cellar-staging-PID`), when they hold `.cellar-output`
///   or nothing;
/// - in the cache, temporary files of interrupted writes (`NAME.cellar-tmp-PID`) and the
///   manifest format of those versions.
/// The spare folder is not a leftover: a build interrupted while changing it left it marked
/// unfinished, and the next build checks every file in it (see ``SpareCheck``).
struct OutputLeftovers {
    var output: String
    var cache: String?
    var step: () -> Void

    func remove() {
        let parent = Paths.parent(of: output)
        let name = Paths.lastComponent(of: output)
        for entry in (try? FileIO.list(parent)) ?? [] {
            guard let rest = entry.name.dropPrefix("." + name + ".cellar-"),
                  let pid = rest.dropPrefix("old-") ?? rest.dropPrefix("staging-"), Self.isNumber(pid) else { continue }
            let folder = Paths.join(parent, entry.name)
            guard FileIO.status(folder)?.kind == .directory else { continue }
            if OutputMarker.isPresent(in: folder) {
                FileIO.removeTree(folder, step: step)
            } else {
                step()
                FileIO.removeEmptyFolder(folder)
            }
        }
        guard let cache else { return }
        for folder in [cache, Paths.join(cache, "trees")] {
            for entry in (try? FileIO.list(folder)) ?? [] {
                // (Not this process's own: the build writes some of the cache's files on a task of
                // their own, and one may be under way — see `BuildPipeline`.)
                let temporary = entry.name.ranges(of: ".cellar-tmp-").last.map {
                    let pid = entry.name[$0.upperBound...]
                    return Self.isNumber(pid) && pid != Self.ownPID
                } ?? false
                if temporary || (folder == cache && entry.name == "output-manifest") {
                    step()
                    FileIO.remove(Paths.join(folder, entry.name))
                }
            }
        }
    }

    /// Temporary files an interrupted build of an older Cellar left among the output's files
    /// (`index.html.cellar-new-PID`): not part of any site, removed where they are.
    func removeTemporaryFiles() {
        guard let root = FileIO.status(output) else { return }
        removeTemporaryFiles(in: output, device: root.device)
    }

    private func removeTemporaryFiles(in folder: String, device: UInt64) {
        for entry in (try? FileIO.list(folder)) ?? [] {
            let path = Paths.join(folder, entry.name)
            if entry.kind == .directory || entry.kind == nil, let status = FileIO.status(path), status.kind == .directory {
                if status.device == device { removeTemporaryFiles(in: path, device: device) }
            } else if HiddenEntries.isLeftover(entry.name) {
                step()
                FileIO.remove(path)
            }
        }
    }

    /// This process's id as temporary files' names end in it.
    private static let ownPID = Substring(String(getpid()))

    static func isNumber(_ text: Substring) -> Bool { !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber } }
}

private extension String {
    func dropPrefix(_ prefix: String) -> Substring? { hasPrefix(prefix) ? dropFirst(prefix.count) : nil }
}

private extension Substring {
    func dropPrefix(_ prefix: String) -> Substring? { hasPrefix(prefix) ? dropFirst(prefix.count) : nil }
}

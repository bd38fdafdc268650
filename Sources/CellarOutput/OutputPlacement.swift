import CellarDiagnostics
import CellarFiles

/// Where a site may be written, and which existing folder Cellar may replace.
package enum OutputPlacement {
    /// What is at the output path before a build.
    enum Found: Equatable {
        case absent
        /// An empty folder (no hidden files either): replaced as it is.
        case empty
        /// A folder holding Cellar's marker.
        case cellar
    }

    /// Refuses an output folder the build reads from or that holds the site: inside `content/` or
    /// a theme (every build would read the last one's files back in), the site folder itself or a
    /// folder above it, and the cache folder.
    package static func check(_ layout: SiteLayout) throws(Diagnostic) {
        let output = Paths.resolved(layout.output), root = Paths.resolved(layout.root)
        let shown = layout.displayOutput
        let hint = "choose a folder outside content/ and themes/, such as \(layout.display(sitePath: "public/"))"
        if output == root {
            throw .error("refusing to build into \(shown): it is the site folder itself", hint: hint)
        }
        if Paths.relative(root, to: output) != nil {
            throw .error("refusing to build into \(shown): it holds the site folder \(layout.display(sitePath: ""))", hint: hint)
        }
        var readFrom = [(Paths.resolved(layout.content), layout.display(sitePath: "content/")),
                        (Paths.resolved(layout.themes), layout.display(sitePath: "themes/"))]
        for entry in (try? FileIO.list(layout.themes)) ?? [] {
            let theme = Paths.join(layout.themes, entry.name)
            readFrom.append((Paths.resolved(theme), layout.display(sitePath: "themes/\(entry.name)/")))
        }
        for (folder, name) in readFrom where Paths.relative(output, to: folder) != nil {
            throw .error("refusing to build into \(shown): it is inside \(name), so each build would read the last one's files as part of the site",
                         hint: hint)
        }
        let cache = Paths.resolved(layout.cache)
        if Paths.relative(output, to: cache) != nil || Paths.relative(cache, to: output) != nil {
            throw .error("refusing to build into \(shown): it is or holds the cache folder \(cache)", hint: hint)
        }
    }

    /// Looks at the output folder: missing, empty or Cellar's may be replaced; anything else is refused.
    /// - Parameter output: the output path, not a symlink (see ``Paths/resolved(_:)``).
    static func inspect(_ output: String, display: String) throws(Diagnostic) -> Found {
        guard let status = FileIO.status(output) else { return .absent }
        guard status.kind == .directory else {
            throw .error("the output path \(display) exists and is not a folder", hint: "remove it, or choose another --output")
        }
        let entries: [(name: String, kind: FileStatus.Kind?)]
        do throws(FileIOError) { entries = try FileIO.list(output) } catch {
            throw .error("cannot read the output folder \(display): \(error.reason)", hint: error.hint)
        }
        let parent = Paths.parent(of: output)
        if let above = FileIO.status(parent), above.device != status.device {
            throw .error("cannot replace \(display): it is a mount point, and Cellar swaps a new folder in at its place",
                         hint: "build into a folder inside it, such as --output \(Paths.join(output, "site"))")
        }
        if entries.contains(where: { $0.name == OutputMarker.name }) { return .cellar }
        if entries.isEmpty { return .empty }
        let names = entries.prefix(3).map(\.name).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
        throw .error(
            "refusing to replace \(display): it is not empty (it holds \(names)) and was not written by Cellar (no \(OutputMarker.name) in it)",
            hint: "move its files elsewhere, or build into another folder with --output DIR"
        )
    }
}

import CellarDiagnostics

/// Every output file the build will write, with who asked for it, so that two things on one URL
/// — or a file where another needs a folder — are an error naming both, never a silent overwrite.
struct URLClaims {
    private var files: [String: String] = [:]     // output file → who claimed it
    private var folders: [String: String] = [:]   // folder → the first claimant that needs it

    /// Claims the file `url` is written to; reports a collision when another claimant has it.
    /// - Parameters:
    ///   - owner: who claims it, as the message names it ("content/a.md", "the Atom feed of Notes").
    ///   - what: "URL" or "alias".
    mutating func claim(_ url: URLPath, by owner: String, what: String = "URL", at location: SourceLocation?,
                        hint: String? = nil, diagnostics: inout DiagnosticBag) {
        let file = url.outputFile
        func collide(with other: String) {
            diagnostics.error("the \(what) \(url) is also the URL of \(other)", at: location,
                              hint: hint ?? "give one of them another 'slug:' or move it")
        }
        if let first = files[file] {
            if first != owner { collide(with: first) }
            return
        }
        if let first = folders[file] {
            collide(with: first)
            return
        }
        var folder = Paths.parent(of: file)
        var parents: [String] = []
        while !folder.isEmpty {
            if let first = files[folder] {
                collide(with: first)
                return
            }
            parents.append(folder)
            folder = Paths.parent(of: folder)
        }
        files[file] = owner
        for parent in parents where folders[parent] == nil { folders[parent] = owner }
    }

}

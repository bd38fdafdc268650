import CellarDiagnostics

/// Every output file the build will write, with who asked for it, so that two things on one URL
/// are an error naming both — never a silent overwrite.
struct URLClaims {
    private var owners: [String: String] = [:]   // output file → who claimed it (a file, or "Cellar's tag pages")

    /// Claims the file `url` is written to; reports a collision when another claimant has it.
    mutating func claim(_ url: URLPath, by owner: String, what: String = "URL", at location: SourceLocation?,
                        hint: String? = nil, diagnostics: inout DiagnosticBag) {
        let file = url.outputFile
        if let first = owners[file] {
            guard first != owner else { return }
            diagnostics.error("the \(what) \(url) is also the URL of \(first)", at: location,
                              hint: hint ?? "give one of them another 'slug:' or move it")
            return
        }
        owners[file] = owner
    }

    func owner(of url: URLPath) -> String? { owners[url.outputFile] }
}

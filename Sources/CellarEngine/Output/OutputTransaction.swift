import CellarDiagnostics

/// The one way a build changes its output folder: prepare a writer, let the build write through
/// it, then commit only when nothing went wrong — or abort, leaving the folder as it was. Every
/// build goes through here: full, rebuilt after an edit, copies only, and in memory (`check`).
struct OutputTransaction {
    /// How the writer starts.
    enum Plan: Sendable {
        /// Keep every file in memory; touch no folder (`cellar check`).
        case memory
        /// Write the whole site: only files whose bytes differ from `previous` (every file when nil,
        /// into a staging folder swapped in at the end). `trusted`: the output is written by nobody
        /// else, so files `previous` lists need no look.
        case whole(previous: OutputManifest?, trusted: Bool)
        /// Write some files over the site `previous` describes; keep the rest, remove nothing.
        case some(previous: OutputManifest)
    }

    var layout: SiteLayout
    var plan: Plan

    /// Runs `write` against a writer and commits what it wrote.
    /// - Parameters:
    ///   - diagnostics: what the build found so far; `write` adds to it. Any error aborts.
    ///   - committing: set when the failure happened while putting the new files in place, after
    ///     which the output may no longer be what the last build left (the previous site is kept
    ///     whole, but files a caller remembers may have moved).
    ///   - write: writes the files; returns what the caller wants kept (fingerprints, say).
    /// - Returns: what `write` returned, the manifest of the output as committed and a summary.
    /// - Throws: ``BuildFailure`` with every diagnostic when there is an error.
    func run<T>(
        diagnostics: inout DiagnosticBag, committing: inout Bool, _ write: (OutputWriter, inout DiagnosticBag) async -> T
    ) async throws(BuildFailure) -> (T, OutputManifest, OutputWriter.Summary) {
        let writer: OutputWriter
        do throws(Diagnostic) {
            writer = try prepare()
        } catch {
            diagnostics.append(error)
            throw BuildFailure(diagnostics)
        }
        let result = await write(writer, &diagnostics)
        if diagnostics.hasErrors {
            writer.abort()
            throw BuildFailure(diagnostics)
        }
        committing = true
        do throws(FileIOError) {
            let (manifest, summary) = try writer.commit()
            return (result, manifest, summary)
        } catch {
            writer.abort()
            diagnostics.append(error.diagnostic)
            throw BuildFailure(diagnostics)
        }
    }

    private func prepare() throws(Diagnostic) -> OutputWriter {
        let output = layout.output
        switch plan {
        case .memory:
            return OutputWriter.inMemory(output: output)
        case .whole(let previous, let trusted):
            try OutputWriter.checkReplaceable(output, display: layout.displayOutput)
            do throws(FileIOError) {
                return try OutputWriter.make(output: output, previous: previous, trustOutput: trusted)
            } catch {
                throw error.diagnostic
            }
        case .some(let previous):
            try OutputWriter.checkReplaceable(output, display: layout.displayOutput)
            do throws(FileIOError) {
                return try OutputWriter.make(output: output, previous: previous, trustOutput: true, partial: true)
            } catch {
                throw error.diagnostic
            }
        }
    }
}

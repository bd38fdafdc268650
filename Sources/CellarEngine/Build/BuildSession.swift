import CellarOutput
/// A site kept in memory between builds — what the preview server rebuilds from on every save.
///
/// The first ``build(changed:)`` is a full build; later ones re-read only changed files, re-render
/// only the cells of changed items and only the pages whose inputs changed, and write only files
/// whose bytes changed.
package actor BuildSession {
    nonisolated package let options: BuildOptions
    private let pipeline: BuildPipeline
    private var memo = BuildMemo()
    /// The inputs as the last build that was not told what changed found them.
    private var inputs: InputSnapshot?
    private var isBuilding = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    package init(options: BuildOptions, reporter: any BuildReporter = SilentReporter()) {
        self.options = options
        self.pipeline = BuildPipeline(options: options, reporter: reporter)
    }

    /// Builds again.
    /// - Parameter changed: absolute paths a file watcher saw change; nil when anything may have
    ///   changed (the inputs' ``InputSnapshot`` is then compared with the last one this session took).
    package func build(changed: Set<String>? = nil) async throws(BuildFailure) -> BuildReport {
        // One build at a time: a second call waits for the first to finish.
        if isBuilding { await withCheckedContinuation { waiting.append($0) } }
        isBuilding = true
        defer {
            if waiting.isEmpty { isBuilding = false } else { waiting.removeFirst().resume() }
        }
        var working = memo
        memo = BuildMemo()
        defer { memo = working }
        let changes: ChangeSet
        if let changed {
            changes = .paths(changed)
        } else {
            // Compared with the session's last snapshot: what changed since, and whatever a watcher
            // reported in between (built already, so at worst built again).
            let now = InputSnapshot.take(layout: SiteLayout(options: options), options: options)
            changes = now.changes(since: inputs)
            inputs = now
        }
        return try await pipeline.run(changes, memo: &working).report
    }

    /// How many search shards and metadata chunks the last build serialised (nil when it kept no
    /// index): an edit's are those of the terms it touched.
    package func searchSerialisation() -> (shards: Int, chunks: Int)? {
        memo.output.search.lastSerialised
    }

    /// How many items the last build read for the search index (tokenised), not kept from an earlier build.
    package func searchReads() -> Int {
        memo.output.search.lastReads
    }

    /// Forgets everything kept from earlier builds.
    package func reset() {
        memo = BuildMemo()
        inputs = nil
    }
}

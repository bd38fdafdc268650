import CellarFiles
import CellarHighlight
import CellarOutput
import Foundation

/// What to build, from where, to where, and with which publishing rules.
package struct BuildOptions: Sendable {
    /// The site folder: the one holding `content/` and `themes/`.
    package var siteDirectory: String
    /// Where the site is written; `public` inside the site folder by default.
    package var outputDirectory: String?
    /// Where fingerprints of the last build are kept; `.cellar-cache` inside the site folder by default.
    package var cacheDirectory: String?
    /// Include items marked `draft: true`.
    package var includeDrafts: Bool
    /// Include items dated in the future.
    package var includeFuture: Bool
    /// Replaces the site's `base_url` (e.g. for a preview server or a staging host).
    package var baseURL: String?
    /// Delete the output folder and the cache first (a full build from nothing).
    package var clean: Bool
    /// "Now", for future-dated and expired items; fixed in tests.
    package var now: Date
    /// How files reach the output folder.
    package var writeMode: WriteMode
    /// The Swift kinds the site registers in code (``Site/register(kind:cell:)``), with their cells and pages.
    package var kinds: KindRegistrations
    /// When another build of the site holds its lock: wait for it (true), or fail at once.
    package var waitForOtherBuilds = true
    /// A test hook that stops the build at a chosen step or fills the disk (see ``FaultInjection``).
    package var faults: FaultInjection = .none
    /// Where file systems are mounted: the system's table, or a test's (see ``MountTable``).
    package var mounts: MountTable = .system
    /// Whether bodies and introductions keep every link and image written in them
    /// (``BodyReference``): `cellar check` reads them instead of rendering every body again.
    package var collectsReferences = false
    /// What highlighting time is measured with: the highlighting thread's CPU time; tests charge
    /// exact amounts with their own.
    var highlightClock: HighlightClock = .threadCPU

    /// Every mode but `memory` writes through one transaction (the output is the old site or the
    /// new one at every instant); they differ in what a build may skip.
    package enum WriteMode: Sendable {
        /// `cellar build`: when no input changed since the last build, stop at once.
        case staged
        /// A folder served live by `cellar serve`: always build (from the session kept in memory).
        case inPlace
        /// `cellar check`: render every file as a build would, but keep them in memory (see
        /// ``CapturedOutput``); nothing is written and the output folder is never looked at.
        case memory
    }

    package init(
        siteDirectory: String = ".", outputDirectory: String? = nil, cacheDirectory: String? = nil,
        includeDrafts: Bool = false, includeFuture: Bool = false, baseURL: String? = nil, clean: Bool = false,
        now: Date = Date(), writeMode: WriteMode = .staged
    ) {
        self.siteDirectory = siteDirectory
        self.outputDirectory = outputDirectory
        self.cacheDirectory = cacheDirectory
        self.includeDrafts = includeDrafts
        self.includeFuture = includeFuture
        self.baseURL = baseURL
        self.clean = clean
        self.now = now
        self.writeMode = writeMode
        self.kinds = KindRegistrations()
    }
}

/// What the build itself knows about where it came from.
///
/// `scripts/build-release` (used by `make install`, `scripts/package-deb` and the release
/// workflow) writes `BuildStamp+Commit.swift` beside this file, with the commit it builds, and
/// compiles with `-DCELLAR_STAMPED`. Any other build — `swift build`, `swift run`, a copy of the
/// sources outside git — has no stamp and says `commit unknown`.
enum BuildStamp {
    #if !CELLAR_STAMPED
    /// The abbreviated commit hash, with `-dirty` when the tree had uncommitted changes; nil when unknown.
    static let commit: String? = nil
    #endif
}

import CellarEngine
import Foundation

extension Site {
    /// Runs the `cellar` command line on this site, with its Swift kinds: `build`, `serve`,
    /// `check`, `kinds` (`--json-schema` too) and `new <kind>` then know them as they know a
    /// theme's kinds. With no arguments, it builds.
    ///
    /// ```swift
    /// var site = Site(at: ".")
    /// site.register(kind: Review.self, cell: ReviewCell())
    /// exit(await site.runCommandLine())   // swift run mysite serve, swift run mysite kinds, …
    /// ```
    /// - Parameter arguments: the command and its options, as for `cellar`; default: the program's own.
    /// - Returns: the exit status: 0 on success, 1 when the site has errors, 2 for a usage mistake.
    public func runCommandLine(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) async -> Int32 {
        var cli = CLI(arguments: arguments)
        cli.site = self
        return await cli.run().code
    }
}

/// A code block that was highlighted, where it is and how much CPU time it took: the slowest of a
/// file or of a build is named when their time runs out.
package struct TimedBlock: Sendable, Hashable, CustomStringConvertible {
    /// The file, as shown in messages.
    package var file: String
    /// The line of its opening fence in the file.
    package var line: Int
    package var language: String
    package var time: Duration

    /// `content/a.md:40 (yaml, 2.1 s)`
    package var description: String {
        "\(file):\(line) (\(language), \(time.shortDescription))"
    }
}

extension Duration {
    /// `20 ms` under a second, else `2.5 s`.
    package var shortDescription: String {
        self < .seconds(1) ? "\(components.attoseconds / 1_000_000_000_000_000) ms" : "\(tenthsOfSeconds) s"
    }

    /// The duration in seconds with one decimal: `2.1`.
    var tenthsOfSeconds: String {
        let (seconds, attoseconds) = components
        let tenths = seconds * 10 + (attoseconds + 50_000_000_000_000_000) / 100_000_000_000_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}

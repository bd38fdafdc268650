/// A place in a source file: 1-based line and column (columns count Unicode scalars, as editors do).
public struct SourceLocation: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The file's path as shown to people, relative to the site when possible (`content/posts/a.md`).
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counting Unicode scalars as editors do.
    public var column: Int

    /// A place in `file`; the first line and column by default.
    public init(file: String, line: Int = 1, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    /// By file, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// The same place, `lines` lines further down (front matter starts below its `---` fence).
    package func offset(lines: Int) -> SourceLocation {
        SourceLocation(file: file, line: line + lines, column: column)
    }
}

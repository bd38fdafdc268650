/// How a `{{$block}}` tag sat on its line, which decides how its content is indented.
struct BlockOpening {
    /// Inside a parent tag: content passed to the parent, not a slot.
    var isArgument: Bool
    /// The tag stood alone on its line (whitespace, the tag, the line end), so the content starts at
    /// the beginning of the next line.
    var isStandalone: Bool
    /// Whitespace before the tag when only whitespace precedes it on its line.
    var lineIndentation: [UInt8]
}

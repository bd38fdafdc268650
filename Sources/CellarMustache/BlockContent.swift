/// The content of a `{{$block}}`: a slot's default or an argument passed to a parent. Its lines are
/// stored without their common indentation, which the slot it renders in adds back.
struct BlockContent: Sendable {
    var program: Program
    /// The opening tag ended its line, so the content starts at the beginning of a line.
    var opensOnNewLine: Bool
}

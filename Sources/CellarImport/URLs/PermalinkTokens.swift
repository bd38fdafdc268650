/// The `:name` tokens of a permalink pattern: Hugo's `[permalinks]` (`/:year/:slug/`) and Jekyll's
/// `permalink:` (`/:categories/:title:output_ext`), expanded the same way, each by its own names.
enum PermalinkTokens {
    /// A name the pattern uses that the generator does not know.
    struct UnknownName: Error {
        var name: String
    }

    /// `pattern` with every `:name` replaced by what `value` gives for it. A name is the longest run
    /// of `isNameCharacter` after the colon (possibly empty); `value` returns its text and how many
    /// of the name's characters it stands for (fewer when a known name runs on into other characters,
    /// as Jekyll reads `:title_` as `:title` then `_`), or nil for a name it does not know.
    static func expand(_ pattern: String, isNameCharacter: (Character) -> Bool,
                       value: (_ name: String) -> (text: String, length: Int)?) -> Result<String, UnknownName> {
        var result = ""
        var index = pattern.startIndex
        while index < pattern.endIndex {
            guard pattern[index] == ":" else {
                result.append(pattern[index])
                index = pattern.index(after: index)
                continue
            }
            let nameStart = pattern.index(after: index)
            let name = String(pattern[nameStart...].prefix(while: isNameCharacter))
            guard let (text, length) = value(name) else { return .failure(UnknownName(name: name)) }
            result += text
            index = pattern.index(nameStart, offsetBy: length)
        }
        return .success(result)
    }
}

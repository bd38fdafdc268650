import Foundation

/// JSON string literals. Control characters (see ``ControlCharacters``) are left out rather than
/// escaped: a reader of the feed would get them back.
enum JSONString {
    static func quote(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if !ControlCharacters.contains(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}

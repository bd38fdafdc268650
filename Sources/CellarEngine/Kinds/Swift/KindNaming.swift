import Foundation

/// The names a Swift kind gets by default, from its type's name.
enum KindNaming {
    /// `Review` for `Review`, `Review` for `MyModule.Review`, `Box` for `Box<Int>`.
    static func typeName(_ type: Any.Type) -> String {
        var name = String(describing: type)
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        return name.split(separator: ".").last.map(String.init) ?? name
    }

    /// `BookReview` → `book_review`; `HTTPStatus` → `http_status`.
    static func snakeCase(_ name: String) -> String {
        var result = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                    result += "_"
                }
            }
            result += character.lowercased()
        }
        return result
    }

    /// `book_review` (or `BookReview`) → `Book review`.
    static func words(_ name: String) -> String {
        let words = snakeCase(name).replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}

/// What counts as a URL in a `url` field, and which targets are remote.
enum URLCheck {
    static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel", "ftp", "sftp", "gemini"]

    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return scheme.lowercased()
    }

    static func isRemote(_ text: String) -> Bool {
        text.hasPrefix("//") || scheme(of: text) != nil
    }

    static func hasForbiddenScheme(_ text: String) -> Bool {
        scheme(of: text).map { !allowedSchemes.contains($0) } ?? false
    }

    static func isAcceptable(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" }) else {
            return false
        }
        if let scheme = scheme(of: text) {
            guard allowedSchemes.contains(scheme) else { return false }
            if scheme == "http" || scheme == "https" { return text.dropFirst(scheme.count).hasPrefix("://") && text.count > scheme.count + 3 }
            return true
        }
        return text.hasPrefix("/") || text.hasPrefix("#") || text.hasPrefix(".")
    }
}

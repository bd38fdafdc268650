@testable import CellarEngine
import Testing

/// `URLCheck` reads bytes for speed; it must say what the plain Character-by-Character reading
/// says (kept here as the reference) for every kind of input.
@Suite struct URLCheckTests {
    static let inputs = [
        "", ":", "::", "a:", "A:b", "https://example.org", "HTTPS://EXAMPLE.ORG/x", "http://", "http://x",
        "mailto:me@example.org", "tel:+1-555", "gemini://x.y", "javascript:alert(1)", "data:text/html,x",
        "1http://x", "+x:y", "x+y-z.w:rest", "h_t:x", "héllo:x", "/path/to", "#anchor", "./x", "../x", "x",
        "a b", "a\tb", "a\nb", "a\u{0B}b", "a\u{0C}b", "a\rb", "a<b", "a>b", "a\"b", "https://exa mple.org",
        "https://example.org/\u{00A0}x", "https://example.org/\u{2003}", "https://exämple.org/", "/é/ü",
        "https:/x", "https:x", "http:///", "ftp://files.example.org/a.txt", "sftp://h", "x:/\u{1F600}",
        "//cdn.example.org/x.js", "WWW.example.com", "Http://x",
    ]

    @Test(arguments: inputs) func theSchemeIsWhatCharactersSay(_ text: String) {
        #expect(URLCheck.scheme(of: text) == Self.referenceScheme(text))
        #expect(URLCheck.isAcceptable(text) == Self.referenceIsAcceptable(text))
    }

    static func referenceScheme(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return scheme.lowercased()
    }

    static func referenceIsAcceptable(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" }) else {
            return false
        }
        if let scheme = referenceScheme(text) {
            guard URLCheck.allowedSchemes.contains(scheme) else { return false }
            if scheme == "http" || scheme == "https" { return text.dropFirst(scheme.count).hasPrefix("://") && text.count > scheme.count + 3 }
            return true
        }
        return text.hasPrefix("/") || text.hasPrefix("#") || text.hasPrefix(".")
    }
}

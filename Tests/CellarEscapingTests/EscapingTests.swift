import CellarEscaping
import Testing

/// What each escaping does with each kind of character: the policy documented on `Escaping`, one row
/// a character (or a group that is treated alike).
@Suite struct EscapingTests {
    /// One input and what the five escapings make of it (JSON and YAML without their quotes).
    struct Row: Sendable, CustomTestStringConvertible {
        var input: String
        var html: String
        var attribute: String
        var xml: String
        var json: String
        var yaml: String
        var testDescription: String { input.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ") }
    }

    static let table: [Row] = [
        //  input                 HTML text          HTML attribute    XML                JSON               YAML
        Row(input: "plain é 日本", html: "plain é 日本", attribute: "plain é 日本", xml: "plain é 日本", json: "plain é 日本", yaml: "plain é 日本"),
        Row(input: "&", html: "&amp;", attribute: "&amp;", xml: "&amp;", json: "&", yaml: "&"),
        Row(input: "<", html: "&lt;", attribute: "&lt;", xml: "&lt;", json: "<", yaml: "<"),
        Row(input: ">", html: "&gt;", attribute: "&gt;", xml: "&gt;", json: ">", yaml: ">"),
        Row(input: "\"", html: "&quot;", attribute: "&quot;", xml: "&quot;", json: "\\\"", yaml: "\\\""),
        Row(input: "'", html: "&#39;", attribute: "'", xml: "&#39;", json: "'", yaml: "'"),
        Row(input: "\\", html: "\\", attribute: "\\", xml: "\\", json: "\\\\", yaml: "\\\\"),
        Row(input: "a\tb", html: "a\tb", attribute: "a\tb", xml: "a\tb", json: "a\\tb", yaml: "a\\tb"),
        Row(input: "a\nb", html: "a\nb", attribute: "a\nb", xml: "a\nb", json: "a\\nb", yaml: "a\\nb"),
        Row(input: "a\0b", html: "a\u{FFFD}b", attribute: "a\u{FFFD}b", xml: "a\u{FFFD}b", json: "a\u{FFFD}b", yaml: "a\u{FFFD}b"),
        Row(input: "a\rb", html: "ab", attribute: "ab", xml: "ab", json: "ab", yaml: "ab"),
        Row(input: "a\u{1}\u{7}\u{1B}\u{1F}b", html: "ab", attribute: "ab", xml: "ab", json: "ab", yaml: "ab"),
        Row(input: "a\u{7F}b", html: "ab", attribute: "ab", xml: "ab", json: "ab", yaml: "ab"),
        Row(input: "a\u{80}\u{85}\u{9F}b", html: "ab", attribute: "ab", xml: "ab", json: "ab", yaml: "ab"),
        Row(input: "\u{A0}©\u{BF}", html: "\u{A0}©\u{BF}", attribute: "\u{A0}©\u{BF}", xml: "\u{A0}©\u{BF}", json: "\u{A0}©\u{BF}", yaml: "\u{A0}©\u{BF}"),
        Row(input: "a\u{2028}b", html: "a\u{2028}b", attribute: "a\u{2028}b", xml: "a\u{2028}b", json: "a\\u2028b", yaml: "a\\Lb"),
        Row(input: "a\u{2029}b", html: "a\u{2029}b", attribute: "a\u{2029}b", xml: "a\u{2029}b", json: "a\\u2029b", yaml: "a\\Pb"),
        Row(input: "a\u{FFFE}\u{FFFF}b", html: "a\u{FFFE}\u{FFFF}b", attribute: "a\u{FFFE}\u{FFFF}b", xml: "ab",
            json: "a\u{FFFE}\u{FFFF}b", yaml: "a\u{FFFE}\u{FFFF}b"),
        // A lone surrogate cannot be in a String: decoding one (here UTF-8 ED A0 80, U+D800) gives U+FFFD.
        Row(input: String(decoding: [0x61, 0xED, 0xA0, 0x80, 0x62] as [UInt8], as: UTF8.self),
            html: "a\u{FFFD}\u{FFFD}\u{FFFD}b", attribute: "a\u{FFFD}\u{FFFD}\u{FFFD}b", xml: "a\u{FFFD}\u{FFFD}\u{FFFD}b",
            json: "a\u{FFFD}\u{FFFD}\u{FFFD}b", yaml: "a\u{FFFD}\u{FFFD}\u{FFFD}b"),
        Row(input: "<a href=\"x?a=1&b='2'\">", html: "&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;",
            attribute: "&lt;a href=&quot;x?a=1&amp;b='2'&quot;&gt;", xml: "&lt;a href=&quot;x?a=1&amp;b=&#39;2&#39;&quot;&gt;",
            json: "<a href=\\\"x?a=1&b='2'\\\">", yaml: "<a href=\\\"x?a=1&b='2'\\\">"),
    ]

    @Test(arguments: table)
    func eachEscapingFollowsThePolicy(_ row: Row) {
        #expect(Escaping.htmlText(row.input) == row.html)
        #expect(Escaping.htmlAttribute(row.input) == row.attribute)
        #expect(Escaping.xml(row.input) == row.xml)
        #expect(Escaping.jsonString(row.input) == "\"" + row.json + "\"")
        #expect(Escaping.yamlScalar(row.input) == "\"" + row.yaml + "\"")
    }

    /// The Mustache renderer's byte-level escaping gives the bytes `htmlText` gives.
    @Test(arguments: table)
    func bytesAreEscapedAsTextIs(_ row: Row) {
        var output: [UInt8] = []
        Array(row.input.utf8).withUnsafeBufferPointer { bytes in
            Escaping.appendHTMLText(bytes) { output.append(contentsOf: $0) }
        }
        #expect(String(decoding: output, as: UTF8.self) == row.html)
    }

    /// A C2 lead byte at the very end (a cut-off character) is kept, not read past.
    @Test func aLeadByteAtTheEndIsKept() {
        var output: [UInt8] = []
        [0x61, 0xC2].withUnsafeBufferPointer { bytes in
            Escaping.appendHTMLText(bytes) { output.append(contentsOf: $0) }
        }
        #expect(output == [0x61, 0xC2])
    }

    @Test func aStringWithNothingToEscapeComesBackAsItIs() {
        let text = String(repeating: "Dune: Part Two — a review. ", count: 40)
        #expect(Escaping.htmlText(text) == text)
        #expect(Escaping.htmlAttribute(text) == text)
        #expect(Escaping.xml(text) == text)
    }
}

/// Text made safe for the formats Cellar writes: HTML text and attributes, XML, JSON strings and
/// YAML double-quoted scalars. One policy for all of them:
///
/// | character | HTML text | HTML attribute | XML | JSON string | YAML scalar |
/// | --- | --- | --- | --- | --- | --- |
/// | `&` `<` `>` | entity | entity | entity | as is | as is |
/// | `"` | `&quot;` | `&quot;` | `&quot;` | `\"` | `\"` |
/// | `'` | `&#39;` | as is (the value is double-quoted, as cmark writes it) | `&#39;` | as is | as is |
/// | `\` | as is | as is | as is | `\\` | `\\` |
/// | tab, line feed | as is | as is | as is | `\t`, `\n` | `\t`, `\n` |
/// | NUL | U+FFFD | U+FFFD | U+FFFD | U+FFFD | U+FFFD |
/// | other C0 controls (CR too), DEL, C1 controls (U+0080–U+009F) | removed | removed | removed | removed | removed |
/// | U+2028, U+2029 | as is | as is | as is | `\u2028`, `\u2029` | `\L`, `\P` |
/// | U+FFFE, U+FFFF | as is | as is | removed | as is | as is |
///
/// NUL becomes U+FFFD, as CommonMark and the HTML parser do with it and as the code highlighter's
/// C++ side does: something was there. The other controls have no business in a page, a feed or a
/// file a person edits (BEL rings, ESC drives a terminal, HTML and XML call them errors), so they
/// are left out — the same set every text file loses when the engine writes it. U+2028 and U+2029
/// end a line in JavaScript and in YAML 1.1 (libyaml), so JSON and YAML spell them out.
///
/// Lone surrogates (U+D800–U+DFFF) need no rule: a Swift `String` cannot hold one (decoding
/// invalid UTF-8 or UTF-16 already replaced it with U+FFFD), and the byte-level
/// ``appendHTMLText(_:to:)`` is given the UTF-8 of Swift strings.
///
/// Nothing here knows about Cellar: it is called by the engine, the Markdown and highlighting
/// modules, the Mustache renderer and the preview server alike.
public enum Escaping {
    /// `text` for HTML (or XML) element content, or for an attribute value in either kind of quotes.
    public static func htmlText(_ text: String) -> String {
        escaped(text, apostrophe: true, noncharacters: false)
    }

    /// `text` for a double-quoted HTML attribute value: like ``htmlText(_:)`` but `'` stays as
    /// written, the way cmark writes the attributes around it.
    public static func htmlAttribute(_ text: String) -> String {
        escaped(text, apostrophe: false, noncharacters: false)
    }

    /// `text` for XML 1.0 content or a quoted attribute value (feeds, the sitemap): like
    /// ``htmlText(_:)``, and without the noncharacters U+FFFE and U+FFFF, which XML forbids.
    public static func xml(_ text: String) -> String {
        escaped(text, apostrophe: true, noncharacters: true)
    }

    /// `text` as a JSON string literal, quotes included.
    public static func jsonString(_ text: String) -> String {
        doubleQuoted(text, lineSeparator: "\\u2028", paragraphSeparator: "\\u2029")
    }

    /// `text` as a double-quoted YAML scalar, quotes included: it reads back as written (but for
    /// the controls the policy leaves out).
    public static func yamlScalar(_ text: String) -> String {
        doubleQuoted(text, lineSeparator: "\\L", paragraphSeparator: "\\P")
    }

    /// A double-quoted literal in the backslash escapes JSON and YAML share; they differ only in
    /// how they write U+2028 and U+2029.
    private static func doubleQuoted(_ text: String, lineSeparator: String, paragraphSeparator: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\u{2028}": result += lineSeparator
            case "\u{2029}": result += paragraphSeparator
            case "\0": result.unicodeScalars.append(replacement)
            default: if !isControl(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// Whether `scalar` is one of the controls every escaping leaves out: C0 but tab and line feed
    /// (NUL included: the escapings turn it into U+FFFD first), DEL, and C1 (U+0080–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && value != 0x0A) || (value >= 0x7F && value <= 0x9F)
    }

    /// Appends the UTF-8 `bytes` escaped as ``htmlText(_:)`` would, in runs: `append` is called
    /// with unchanged stretches of `bytes` and with the replacements between them, never with a
    /// copy (the Mustache renderer's hot path).
    @inlinable
    public static func appendHTMLText(_ bytes: UnsafeBufferPointer<UInt8>, to append: (UnsafeBufferPointer<UInt8>) -> Void) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let special = byte < 64 ? specialBytes & (1 << UInt64(byte)) != 0 : (byte == 0x7F || byte == 0xC2)
            guard special else {
                index += 1
                continue
            }
            var width = 1
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            case 0: replacement = "\u{FFFD}"
            case 0xC2:
                // A C1 control is U+0080–U+009F, C2 80 to C2 9F; other C2 pairs (a no-break space, ©) stay.
                guard index + 1 < count, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x9F else {
                    index += 1
                    continue
                }
                replacement = ""
                width = 2
            default: replacement = ""   // another C0 control, or DEL
            }
            if index > runStart { append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            if replacement.utf8CodeUnitCount > 0 {
                append(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            }
            index += width
            runStart = index
        }
        if count > runStart { append(UnsafeBufferPointer(rebasing: bytes[runStart..<count])) }
    }

    // MARK: - Private

    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// `& < > " '`, and the C0 controls but tab and line feed, as bits of a word (all are below 64):
    /// `1 << 38 | 1 << 60 | 1 << 62 | 1 << 34 | 1 << 39` and bits 0–31 but 9 and 10 (a test works it
    /// out). A literal, not a `static let` made by a closure: that is a lazy global, and every byte
    /// run the Mustache renderer escapes paid a `swift_once` check for it (0.4 % of a 100,000-item
    /// build's CPU).
    @inlinable
    static var specialBytes: UInt64 { 0x5000_00C4_FFFF_F9FF }

    private static func escaped(_ text: String, apostrophe: Bool, noncharacters: Bool) -> String {
        guard text.utf8.contains(where: { $0 < 64 ? specialBytes & (1 << UInt64($0)) != 0 : $0 == 0x7F || $0 == 0xC2 || $0 == 0xEF })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": if apostrophe { result += "&#39;" } else { result += "'" }
            case "\0": result.unicodeScalars.append(replacement)
            case "\u{FFFE}", "\u{FFFF}": if !noncharacters { result.unicodeScalars.append(scalar) }
            default: if !isControl(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}

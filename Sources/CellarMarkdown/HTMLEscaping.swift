/// Escaping for text Cellar writes into HTML itself.
enum HTMLEscaping {
    /// For a double-quoted attribute value.
    static func attribute(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x22 || $0 == 0x3C || $0 == 0x3E }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: escaped += "&amp;".utf8
            case 0x22: escaped += "&quot;".utf8
            case 0x3C: escaped += "&lt;".utf8
            case 0x3E: escaped += "&gt;".utf8
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}

internal import CellarEscaping

extension OutputBuffer {
    /// Appends `bytes` escaped for HTML text (see `Escaping.appendHTMLText`): `& < > " '` as
    /// entities, NUL as U+FFFD, other controls left out.
    mutating func appendHTMLEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        Escaping.appendHTMLText(bytes) { append($0) }
    }
}

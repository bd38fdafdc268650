/// What a `Range` header asks of a representation `length` bytes long (RFC 9110 §14.2).
///
/// Only a single `bytes` range is honoured — `first-last`, `first-` or the suffix `-count` —
/// which is what video and audio players send (Safari will not play a video without it).
/// Anything else (several ranges, another unit, a malformed header) is ignored, as the RFC
/// allows, and the whole representation is sent.
enum ByteRange: Equatable, Sendable {
    /// Send these bytes with 206 Partial Content.
    case satisfiable(Range<UInt64>)
    /// 416 Range Not Satisfiable: the range starts at or past the end.
    case unsatisfiable
    /// Send everything with 200.
    case ignored

    /// Interprets a `Range` header value.
    init(header: String, length: UInt64) {
        let value = header.trimmingCharacters(" \t")
        guard value.count > 6, value.prefix(6).lowercased() == "bytes=" else {
            self = .ignored
            return
        }
        let spec = value.dropFirst(6).trimmingCharacters(" \t")
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else {
            self = .ignored
            return
        }
        let firstText = spec[..<dash].trimmingCharacters(" \t")
        let lastText = spec[spec.index(after: dash)...].trimmingCharacters(" \t")
        if firstText.isEmpty {
            guard let suffix = Self.number(lastText) else {
                self = .ignored
                return
            }
            self = suffix == 0 || length == 0 ? .unsatisfiable : .satisfiable((length - min(suffix, length))..<length)
            return
        }
        guard let first = Self.number(firstText) else {
            self = .ignored
            return
        }
        var last = UInt64.max
        if !lastText.isEmpty {
            guard let parsed = Self.number(lastText), parsed >= first else {
                self = .ignored
                return
            }
            last = parsed
        }
        guard first < length else {
            self = .unsatisfiable
            return
        }
        self = .satisfiable(first..<(min(last, length - 1) + 1))
    }
}

private extension ByteRange {
    /// Digits only; a number too large for 64 bits saturates (it is past any file's end anyway).
    static func number(_ text: Substring) -> UInt64? {
        guard !text.isEmpty, text.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        var value: UInt64 = 0
        for digit in text.utf8 {
            let (times, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            if overflowA || overflowB { return .max }
            value = sum
        }
        return value
    }
}

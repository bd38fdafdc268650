#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes root-relative links absolute in HTML for feeds (`href="/x"` → `href="https://host/x"`).
enum HTMLAbsolutizer {
    /// - Parameters:
    ///   - origin: `https://example.org`, for root-relative links (`/blog/x/`).
    ///   - page: the absolute URL of the page the HTML comes from, for page-relative links (`#notes`, `x.png`).
    static func absolutize(_ html: String, origin: String, page: String) -> String {
        var html = html
        let rewritten = html.withUTF8 { bytes -> String? in
            // By bytes (Foundation's `range(of:)` for each attribute, searched twice, was half a
            // percent of a build): every `=` found by `memchr`, then the few bytes around it.
            guard var valueStart = nextAttributeValue(in: bytes, from: 0) else { return nil }
            let pageFolder = page.hasSuffix("/") ? Array(page.utf8)
                : Array(page.utf8.prefix(through: page.utf8.lastIndex(of: UInt8(ascii: "/")) ?? page.utf8.startIndex))
            let pageWithoutFragment = Array(page.utf8.prefix { $0 != UInt8(ascii: "#") })
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 256)
            var copied = 0   // bytes of `html` already in `result`
            while true {
                result.append(contentsOf: bytes[copied..<valueStart])
                copied = valueStart
                let valueEnd = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) ?? bytes.endIndex
                let value = bytes[valueStart..<valueEnd]
                let first = value.first, second = value.dropFirst().first
                if value.isEmpty || (first == UInt8(ascii: "/") && second == UInt8(ascii: "/"))
                    || URLCheck.scheme(of: String(decoding: value, as: UTF8.self)) != nil {
                    // already absolute (or empty)
                } else if first == UInt8(ascii: "/") {
                    result.append(contentsOf: origin.utf8)
                } else if first == UInt8(ascii: "#") || first == UInt8(ascii: "?") {
                    result.append(contentsOf: pageWithoutFragment)
                } else {
                    result.append(contentsOf: pageFolder)
                }
                guard let next = nextAttributeValue(in: bytes, from: valueStart) else { break }
                valueStart = next
            }
            result.append(contentsOf: bytes[copied...])
            return String(decoding: result, as: UTF8.self)
        }
        return rewritten ?? html
    }

    /// Where the value of the first ` href="` or ` src="` starting at or after `start` begins.
    private static func nextAttributeValue(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var from = start
        while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "=")), bytes.count - from) {
            let equals = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
            from = equals + 1
            guard equals + 1 < bytes.count, bytes[equals + 1] == UInt8(ascii: "\"") else { continue }
            if ends(bytes, at: equals, with: " href", notBefore: start) || ends(bytes, at: equals, with: " src", notBefore: start) {
                return equals + 2
            }
        }
        return nil
    }

    /// Whether `bytes[..<end]` ends with `suffix`, all of it at or after `start`.
    private static func ends(_ bytes: UnsafeBufferPointer<UInt8>, at end: Int, with suffix: StaticString, notBefore start: Int) -> Bool {
        let length = suffix.utf8CodeUnitCount
        guard end - length >= start else { return false }
        return UnsafeBufferPointer(start: suffix.utf8Start, count: length).elementsEqual(bytes[(end - length)..<end])
    }
}

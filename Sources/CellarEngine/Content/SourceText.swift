import CellarDiagnostics
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a file's bytes into text: UTF-8 only (with the place of the first bad byte), the
/// byte-order mark dropped, CRLF and lone CR turned into LF, NUL refused.
enum SourceText {
    static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> String {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        let slice = bytes[start...]
        guard var text = String(validating: slice, as: UTF8.self) else {
            throw invalidUTF8(slice, file: file)
        }
        if let nul = firstOffset(of: 0, in: slice) {
            throw .error("the file contains a NUL byte", at: location(of: nul, in: slice, file: file),
                         hint: "this looks like a binary file; content files must be UTF-8 text")
        }
        if firstOffset(of: UInt8(ascii: "\r"), in: slice) != nil {
            text = text.replacingCRLF()
        }
        return text
    }

    /// The index of the first `byte` in `bytes`, by `memchr` (many bytes a step; the generic
    /// `firstIndex(of:)` and `contains` went one byte a step, a percent of a build's time).
    private static func firstOffset(of byte: UInt8, in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = memchr(base, Int32(byte), buffer.count) else { return nil }
            return bytes.startIndex + base.distance(to: UnsafeRawPointer(found))
        }
    }

    private static func invalidUTF8(_ bytes: ArraySlice<UInt8>, file: String) -> Diagnostic {
        // Find the first byte that does not start or continue a valid sequence.
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0x6 ? 2 : byte >> 4 == 0xE ? 3 : byte >> 3 == 0x1E ? 4 : 0
            let end = index + length
            if length == 0 || end > bytes.endIndex || String(validating: bytes[index..<end], as: UTF8.self) == nil {
                let hex = String(byte, radix: 16, uppercase: true)
                return .error("the file is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex))",
                              at: location(of: index, in: bytes, file: file),
                              hint: "save the file as UTF-8 (it may be Latin-1 or Windows-1252)")
            }
            index = end
        }
        return .error("the file is not valid UTF-8", at: SourceLocation(file: file), hint: "save the file as UTF-8")
    }

    private static func location(of offset: Int, in bytes: ArraySlice<UInt8>, file: String) -> SourceLocation {
        let before = bytes[bytes.startIndex..<offset]
        let line = before.count { $0 == UInt8(ascii: "\n") } + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.startIndex
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(file: file, line: line, column: column)
    }
}

extension String {
    /// CRLF → LF and lone CR → LF, so line numbers match what editors show.
    func replacingCRLF() -> String {
        var result = String.UnicodeScalarView()
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                result.append("\n")
                previousCR = true
                continue
            }
            if scalar == "\n", previousCR {
                previousCR = false
                continue
            }
            previousCR = false
            result.append(scalar)
        }
        return String(result)
    }
}

@testable import CellarEscaping
import Testing

/// `Escaping.specialBytes` is written as a literal (a lazy global cost a `swift_once` per escaped
/// run): the bytes it marks are worked out here from what they stand for.
@Suite struct SpecialBytesTests {
    @Test func theLiteralMarksTheMarkupCharactersAndTheControlsButTabAndNewline() {
        var bits: UInt64 = 0
        for byte in Array("&<>\"'".utf8) { bits |= 1 << UInt64(byte) }
        for control in 0..<32 where control != 0x09 && control != 0x0A { bits |= 1 << UInt64(control) }
        #expect(Escaping.specialBytes == bits)
    }

    /// Every byte below 64 is escaped by `appendHTMLText` exactly when its bit is set.
    @Test func everyMarkedByteBelow64IsEscapedAndNoOther() {
        for byte in UInt8(0)..<64 {
            var out: [UInt8] = []
            [byte].withUnsafeBufferPointer { bytes in Escaping.appendHTMLText(bytes) { out += $0 } }
            #expect((out != [byte]) == (Escaping.specialBytes & (1 << UInt64(byte)) != 0), "byte \(byte)")
        }
    }
}

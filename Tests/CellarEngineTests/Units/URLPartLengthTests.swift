@testable import CellarEngine
import Testing

/// The check that no part of an item's URL is longer than a file name may be, by bytes.
@Suite struct URLPartLengthTests {
    @Test func firstPartOverTheLimit() {
        let long = String(repeating: "a", count: 6), fine = String(repeating: "b", count: 5)
        #expect(ItemParser.firstPartLength(of: "", over: 5) == nil)
        #expect(ItemParser.firstPartLength(of: "/", over: 5) == nil)
        #expect(ItemParser.firstPartLength(of: "/\(fine)/\(fine)/", over: 5) == nil)
        #expect(ItemParser.firstPartLength(of: "//\(fine)//", over: 5) == nil)
        #expect(ItemParser.firstPartLength(of: "/\(long)/", over: 5) == 6)
        #expect(ItemParser.firstPartLength(of: "/x/\(long)", over: 5) == 6, "at the end, with no slash after it")
        #expect(ItemParser.firstPartLength(of: long, over: 5) == 6)
        #expect(ItemParser.firstPartLength(of: "/\(long)a/\(long)/", over: 5) == 7, "the first one")
        #expect(ItemParser.firstPartLength(of: "/ééé/", over: 5) == 6, "bytes, not characters")
        #expect(ItemParser.firstPartLength(of: "/éé/", over: 5) == nil)
    }
}

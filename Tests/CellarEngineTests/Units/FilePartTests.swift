@testable import CellarEngine
import CellarFiles
import Foundation
import Testing

/// A part of a file (a body read back from its page by a new process) is what the file holds at
/// that place, however much was asked for: a length read from a damaged cache file neither
/// allocates what it names nor reads past the file's end.
@Suite struct FilePartTests {
    @Test func aPartIsWhatTheFileHoldsFromItsOffset() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-part-\(UUID().uuidString)").path
        _ = try FileIO.write("0123456789", to: file)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(try FileIO.read(file, offset: 2, count: 3) == Array("234".utf8))
        #expect(try FileIO.read(file, offset: 7, count: 1 << 60) == Array("789".utf8))
        #expect(try FileIO.read(file, offset: 10, count: 5) == [])
        #expect(try FileIO.read(file, offset: 1 << 40, count: 1 << 60) == [])
        #expect(try FileIO.read(file, offset: -4, count: 4) == [])
    }
}

import Testing
@testable import CellarServer

@Suite struct InotifyEventTests {
    private func record(watch: Int32, mask: UInt32, cookie: UInt32, name: String, padding: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: watch) { bytes += $0 }
        withUnsafeBytes(of: mask) { bytes += $0 }
        withUnsafeBytes(of: cookie) { bytes += $0 }
        let nameBytes = name.isEmpty ? [] : Array(name.utf8) + [UInt8](repeating: 0, count: padding)
        withUnsafeBytes(of: UInt32(nameBytes.count)) { bytes += $0 }
        return bytes + nameBytes
    }

    @Test func parsesConsecutiveEventsWithPaddedNames() {
        let buffer = record(watch: 1, mask: 0x100, cookie: 0, name: "post.md", padding: 9)
            + record(watch: 2, mask: 0x40, cookie: 7, name: "", padding: 0)
            + record(watch: -1, mask: 0x4000, cookie: 0, name: "", padding: 0)
        let events = buffer.withUnsafeBytes { InotifyEvent.parse($0) }
        #expect(events == [
            InotifyEvent(watch: 1, mask: 0x100, cookie: 0, name: "post.md"),
            InotifyEvent(watch: 2, mask: 0x40, cookie: 7, name: ""),
            InotifyEvent(watch: -1, mask: 0x4000, cookie: 0, name: ""),
        ])
    }

    @Test func truncatedEventIsDropped() {
        let buffer = Array(record(watch: 1, mask: 0x100, cookie: 0, name: "post.md", padding: 9).dropLast(4))
        #expect(buffer.withUnsafeBytes { InotifyEvent.parse($0) }.isEmpty)
    }
}

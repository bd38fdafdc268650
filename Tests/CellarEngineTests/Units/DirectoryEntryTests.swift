#if canImport(Glibc)
@testable import CellarEngine
import CellarFiles
import DirectoryEntries
import Foundation
import Glibc
import Testing

/// A folder's entries are read where `readdir` left them: a record is only as long as its name,
/// and one that ends just before memory that cannot be read is read without a fault (copying the
/// whole `dirent` read past it: the SIGSEGV of `cellar build --clean` on a 10,000-item site).
@Suite struct DirectoryEntryTests {
    @Test(arguments: ["a.md", "..", ".", ".hidden", String(repeating: "n", count: 255)])
    func aRecordThatEndsAtTheLastReadableByteIsReadInPlace(_ name: String) throws {
        try Self.withRecordBeforeAGuardPage(name: name, type: UInt8(DT_REG)) { entry in
            #expect(DirectoryEntry.name(of: entry) == name)
            #expect(DirectoryEntry.type(of: entry) == UInt8(DT_REG))
            #expect(DirectoryEntry.isDots(entry) == (name == "." || name == ".."))
        }
    }

    /// Listing a folder of many entries — as the content scan, the bench and the preview server's
    /// watcher do — gives every name once.
    @Test func everyEntryOfABigFolderIsListed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-entries-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Names of every length, enough of them to fill the system's buffer several times.
        let names = (0..<3_000).map { index in "\(index)-" + String(repeating: "x", count: index % 200) + ".md" }
        for name in names { FileManager.default.createFile(atPath: folder + "/" + name, contents: nil) }
        #expect(try FileIO.list(folder).map(\.name) == names.sorted())
        #expect(try FileIO.list(folder).allSatisfy { $0.kind == .file })
    }

    // MARK: - Helpers

    /// Calls `body` with a `dirent` record for `name` placed so that its last byte is the last
    /// readable byte of a page: the next page cannot be read (PROT_NONE), so any read past the
    /// record's end faults, as it did inside glibc's directory buffer.
    static func withRecordBeforeAGuardPage(name: String, type: UInt8, _ body: (UnsafePointer<dirent>) throws -> Void) throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let memory = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else {
            throw POSIXError(.ENOMEM)
        }
        defer { munmap(memory, 2 * page) }
        guard mprotect(memory + page, page, PROT_NONE) == 0 else { throw POSIXError(.EPERM) }
        let nameOffset = try #require(MemoryLayout<dirent>.offset(of: \dirent.d_name))
        let typeOffset = try #require(MemoryLayout<dirent>.offset(of: \dirent.d_type))
        let lengthOffset = try #require(MemoryLayout<dirent>.offset(of: \dirent.d_reclen))
        // The record as the kernel packs it: the name, its zero, padding to 8 bytes; nothing more.
        let length = (nameOffset + name.utf8.count + 1 + 7) / 8 * 8
        let record = memory + page - length
        record.storeBytes(of: UInt16(length), toByteOffset: lengthOffset, as: UInt16.self)
        record.storeBytes(of: type, toByteOffset: typeOffset, as: UInt8.self)
        for (index, byte) in name.utf8.enumerated() { record.storeBytes(of: byte, toByteOffset: nameOffset + index, as: UInt8.self) }
        record.storeBytes(of: 0, toByteOffset: nameOffset + name.utf8.count, as: UInt8.self)
        try body(UnsafePointer(record.assumingMemoryBound(to: dirent.self)))
    }
}
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import CellarServer

@Suite struct EntityTagTests {
    let tag: EntityTag = {
        var info = stat()
        info.st_ino = 0x10
        info.st_size = 0x20
        #if canImport(Glibc)
        info.st_mtim = timespec(tv_sec: 0x30, tv_nsec: 0x40)
        #else
        info.st_mtimespec = timespec(tv_sec: 0x30, tv_nsec: 0x40)
        #endif
        return EntityTag(info)
    }()

    @Test func tagIsQuotedInodeSizeAndTime() {
        #expect(tag.value == "\"10-20-30-40\"")
    }

    @Test(arguments: [
        ("\"10-20-30-40\"", true),
        ("W/\"10-20-30-40\"", true),
        ("\"other\", \"10-20-30-40\"", true),
        ("  \"10-20-30-40\"  ", true),
        ("*", true),
        ("\"10-20-30-41\"", false),
        ("10-20-30-40", false),
        ("", false),
    ])
    func ifNoneMatch(_ header: String, _ matches: Bool) {
        #expect(tag.isMatched(byIfNoneMatch: header) == matches)
    }
}

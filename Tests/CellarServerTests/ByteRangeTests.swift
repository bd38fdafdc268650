import Testing
@testable import CellarServer

@Suite struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-0", 10, ByteRange.satisfiable(0..<1)),
        ("bytes=0-", 10, .satisfiable(0..<10)),
        ("bytes=9-", 10, .satisfiable(9..<10)),
        ("bytes=2-5", 10, .satisfiable(2..<6)),
        ("bytes=2-99999999999999999999999", 10, .satisfiable(2..<10)),
        ("bytes=-3", 10, .satisfiable(7..<10)),
        ("bytes=-30", 10, .satisfiable(0..<10)),
        ("bytes=10-", 10, .unsatisfiable),
        ("bytes=99999999999999999999999-", 10, .unsatisfiable),
        ("bytes=-0", 10, .unsatisfiable),
        ("bytes=0-", 0, .unsatisfiable),
        ("bytes=5-2", 10, .ignored),
        ("bytes=0-1,3-4", 10, .ignored),
        ("bytes=", 10, .ignored),
        ("bytes=a-b", 10, .ignored),
        ("bytes=-", 10, .ignored),
        ("lines=0-1", 10, .ignored),
    ] as [(String, UInt64, ByteRange)])
    func rangeHeaders(_ header: String, _ length: UInt64, _ expected: ByteRange) {
        #expect(ByteRange(header: header, length: length) == expected)
    }
}

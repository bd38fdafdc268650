import Testing
@testable import CellarServer

/// Telling a raw NUL in the request target from the end libmicrohttpd put there.
@Suite struct RequestLineTests {
    /// A request line from the target on, as libmicrohttpd leaves it: the space before the
    /// version and the line end replaced by NULs.
    private func targetLength(_ line: [UInt8]) -> Int? {
        line.withUnsafeBytes { RequestLine.targetLength(inLineFrom: $0) }
    }

    private func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8).map { $0 == UInt8(ascii: "|") ? 0 : $0 }
    }

    @Test func theTargetEndsBeforeTheVersion() {
        #expect(targetLength(bytes("/index.html|HTTP/1.1||")) == 11)
        #expect(targetLength(bytes("/index.html|HTTP/1.1|")) == 11, "a bare LF")
        #expect(targetLength(bytes("/index.html|HTTP/1.1   ||")) == 11, "trailing spaces")
        #expect(targetLength(bytes("/a b|HTTP/1.1||")) == 4, "a space in the target")
    }

    @Test func aRawNULIsInsideTheTarget() {
        #expect(targetLength(bytes("/index.html|.css|HTTP/1.1||")) == 16)
        #expect(targetLength(bytes("/index.html|HTTP/1.1||HTTP/1.1||")) == 21)
    }

    @Test func aLineWithoutVersionIsNotUnderstood() {
        #expect(targetLength(bytes("/index.html||")) == nil)
        #expect(targetLength(bytes("||")) == nil)
    }

    @Test func marksRoundTripThroughAPointer() throws {
        for mark in [RequestLine.Mark(pathLength: 0, endedAtNUL: false), .init(pathLength: 8190, endedAtNUL: true, seen: true)] {
            #expect(RequestLine.Mark(mark.pointer) == mark)
        }
        #expect(RequestLine.Mark(nil) == nil)
    }

    @Test func theMarkStopsAtTheQueryOrTheFirstNUL() {
        let query = "/a/b?x=1".utf8CString
        let mark = query.withUnsafeBufferPointer { RequestLine.Mark(scanning: $0.baseAddress!) }
        #expect(mark == RequestLine.Mark(pathLength: 4, endedAtNUL: false))
        let nul: [CChar] = [47, 97, 0, 46, 99, 0]
        #expect(nul.withUnsafeBufferPointer { RequestLine.Mark(scanning: $0.baseAddress!) } == .init(pathLength: 2, endedAtNUL: true))
    }
}

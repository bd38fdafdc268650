/// The bytes a file's response sends, before a window (a byte range) is chosen.
enum FileContent {
    case memory([UInt8])
    case file(FileBody)

    var length: UInt64 {
        switch self {
        case .memory(let bytes): UInt64(bytes.count)
        case .file(let body): body.length
        }
    }

    /// The whole representation (also what a 304 or a HEAD declares and does not send).
    var whole: HTTPResponse.Body {
        part(0..<length)
    }

    func part(_ window: Range<UInt64>) -> HTTPResponse.Body {
        switch self {
        case .memory(let bytes):
            window.count == bytes.count ? .bytes(bytes) : .bytes(Array(bytes[Int(window.lowerBound)..<Int(window.upperBound)]))
        case .file(let body):
            .file(body, window: window)
        }
    }

    /// Closes the file, for a response that sends none of it.
    func discard() {
        if case .file(let body) = self { body.close() }
    }
}

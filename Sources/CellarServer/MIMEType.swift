/// The media type of a served file, chosen from its extension.
///
/// Source maps (`.map`) are JSON. Text types carry `; charset=utf-8` in ``headerValue``. Unknown extensions (and files
/// without one) are `application/octet-stream`, which browsers download rather than render.
enum MIMEType: String, Sendable, CaseIterable {
    case html = "text/html"
    case css = "text/css"
    case javascript = "text/javascript"
    case json = "application/json"
    case xml = "application/xml"
    case text = "text/plain"
    case svg = "image/svg+xml"
    case png = "image/png"
    case jpeg = "image/jpeg"
    case gif = "image/gif"
    case webp = "image/webp"
    case avif = "image/avif"
    case icon = "image/x-icon"
    case woff = "font/woff"
    case woff2 = "font/woff2"
    case pdf = "application/pdf"
    case mp4 = "video/mp4"
    case webm = "video/webm"
    case mp3 = "audio/mpeg"
    case wasm = "application/wasm"
    case octetStream = "application/octet-stream"

    /// The type of a file named `fileName`, from its last extension, case-insensitively.
    init(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else {
            self = .octetStream
            return
        }
        let pathExtension = fileName[fileName.index(after: dot)...].lowercased()
        self = Self.byExtension[pathExtension] ?? .octetStream
    }

    /// The value of the `Content-Type` header.
    var headerValue: String {
        isText ? rawValue + "; charset=utf-8" : rawValue
    }

    /// Whether the type is text and so served as UTF-8.
    var isText: Bool {
        switch self {
        case .html, .css, .javascript, .json, .xml, .text, .svg: true
        default: false
        }
    }
}

private extension MIMEType {
    static let byExtension: [String: MIMEType] = [
        "html": .html, "htm": .html,
        "css": .css,
        "js": .javascript, "mjs": .javascript,
        "json": .json, "webmanifest": .json,
        "xml": .xml,
        "txt": .text,
        "svg": .svg,
        "png": .png,
        "jpg": .jpeg, "jpeg": .jpeg,
        "gif": .gif,
        "webp": .webp,
        "avif": .avif,
        "ico": .icon,
        "woff": .woff,
        "woff2": .woff2,
        "pdf": .pdf,
        "mp4": .mp4,
        "webm": .webm,
        "mp3": .mp3,
        "wasm": .wasm,
        "map": .json,
    ]
}

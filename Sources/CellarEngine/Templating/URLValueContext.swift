import CellarMustache
import Foundation

/// A `url` field's value: prints the URL; `.host` gives its host name (`example.org`).
struct URLValueContext: MustacheObject {
    let url: String

    var mustacheInterpolation: MustacheValue? { .string(url) }

    func mustacheValue(forKey key: String) -> MustacheValue? {
        switch key {
        case "host": .string(Self.host(of: url))
        case "url": .string(url)
        default: nil
        }
    }

    static func host(of url: String) -> String {
        guard let start = url.range(of: "://")?.upperBound else { return "" }
        var host = url[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.hasPrefix("www.") { host = host.dropFirst(4) }
        return String(host)
    }
}

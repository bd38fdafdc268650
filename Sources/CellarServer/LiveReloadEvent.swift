/// A message pushed to every open page over Server-Sent Events.
package enum LiveReloadEvent: Sendable, Equatable {
    /// The site changed: pages reload.
    case reload
    /// Only stylesheets changed: pages swap their `<link rel=stylesheet>` without reloading.
    case css
    /// The rebuild failed: pages show these diagnostics (`file:line:col: error: …`) in an overlay.
    case errors([String])
    /// A rebuild succeeded after a failure: pages remove the overlay.
    case ok

    /// The SSE event name, as the browser script listens for it.
    package var name: String {
        switch self {
        case .reload: "reload"
        case .css: "css"
        case .errors: "errors"
        case .ok: "ok"
        }
    }

    /// The event as sent on the wire: `event:` and one `data:` line (a JSON array for errors).
    var wireFormat: [UInt8] {
        let data: String
        switch self {
        case .errors(let lines): data = Self.jsonArray(lines)
        default: data = name
        }
        return Array("event: \(name)\ndata: \(data)\n\n".utf8)
    }
}

private extension LiveReloadEvent {
    /// A JSON array of strings; control characters are escaped, so it fits on one `data:` line.
    static func jsonArray(_ strings: [String]) -> String {
        "[" + strings.map(jsonString).joined(separator: ",") + "]"
    }

    static func jsonString(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

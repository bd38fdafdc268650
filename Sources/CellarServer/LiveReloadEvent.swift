internal import CellarEscaping

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
    /// A JSON array of strings: line breaks are escaped and controls left out (see `Escaping`), so
    /// it fits on one `data:` line.
    static func jsonArray(_ strings: [String]) -> String {
        "[" + strings.map(Escaping.jsonString).joined(separator: ",") + "]"
    }
}

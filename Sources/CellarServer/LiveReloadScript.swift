/// The browser side of live reload, served at ``path`` and injected into every HTML page.
///
/// It opens `EventSource("/__cellar/events")` and reacts to each ``LiveReloadEvent``:
/// - `reload`: `location.reload()`;
/// - `css`: each same-origin `<link rel=stylesheet>` is cloned with a cache-busting
///   `__cellar=` query; the old one is removed once the new one has loaded (no page reload,
///   no flash of unstyled content);
/// - `errors`: an overlay (`#__cellar_overlay`, in a shadow root so page styles cannot reach
///   it) lists each diagnostic on its own line, `file:line:col` in bold, as text (never
///   HTML); the × button or Escape dismisses it;
/// - `ok`: the overlay is removed.
///
/// When the connection drops (the server restarted) the browser reconnects after the stream's
/// `retry:` delay (drawn for each stream by the server), and the page reloads once it is back,
/// since the site may have changed meanwhile. When the server refuses the stream (503: too many
/// pages are live-reloading) or cannot be reached, the script tries again after a delay that
/// doubles with each failure, from 1 s to 30 s, each drawn between half and one and a half
/// times that — so that a thousand pages refused at once do not all come back at once.
/// `window.__cellarLiveReload` tells whether the stream is open (`connected`) and how many
/// attempts failed in a row (`failures`), for tests.
enum LiveReloadScript {
    /// Where the script is served.
    static let path = "/__cellar/live.js"
    /// Where the event stream is served.
    static let eventsPath = "/__cellar/events"

    /// The script as served, encoded once.
    static let bytes = Array(source.utf8)

    /// The script's source.
    static let source = #"""
    (() => {
      "use strict";
      if (window.__cellarLiveReload) return;
      const state = { connected: false, failures: 0 };
      window.__cellarLiveReload = state;
      const OVERLAY_ID = "__cellar_overlay";
      let connectedOnce = false;
      let lostConnection = false;

      // 1 s, 2 s, 4 s … up to 30 s after each failure in a row, each time times 0.5 to 1.5.
      function retryDelay(failures) {
        const base = Math.min(30000, 1000 * Math.pow(2, Math.min(failures - 1, 5)));
        return Math.round(base * (0.5 + Math.random()));
      }

      function connect() {
        const source = new EventSource("\#(eventsPath)");
        source.addEventListener("open", () => {
          if (lostConnection) { location.reload(); return; }
          connectedOnce = true;
          state.failures = 0;
          state.connected = true;
        });
        source.addEventListener("error", () => {
          state.connected = false;
          if (connectedOnce) lostConnection = true;
          if (source.readyState === EventSource.CLOSED) {
            source.close();
            state.failures += 1;
            setTimeout(connect, retryDelay(state.failures));
          }
        });
        source.addEventListener("reload", () => location.reload());
        source.addEventListener("css", swapStylesheets);
        source.addEventListener("errors", (event) => {
          let lines;
          try { lines = JSON.parse(event.data); } catch (_) { lines = [String(event.data)]; }
          showOverlay(Array.isArray(lines) ? lines.map(String) : [String(lines)]);
        });
        source.addEventListener("ok", hideOverlay);
      }

      function swapStylesheets() {
        const stamp = Date.now().toString(36);
        const links = document.querySelectorAll('link[rel~="stylesheet"][href]:not([data-cellar-stale])');
        for (const link of links) {
          const url = new URL(link.href, location.href);
          if (url.origin !== location.origin) continue;
          url.searchParams.set("__cellar", stamp);
          const fresh = link.cloneNode(false);
          fresh.href = url.href;
          link.setAttribute("data-cellar-stale", "");
          const done = () => link.remove();
          fresh.addEventListener("load", done, { once: true });
          fresh.addEventListener("error", done, { once: true });
          link.after(fresh);
        }
      }

      const STYLE = `
        :host { all: initial; }
        .backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgba(0, 0, 0, 0.55);
          display: flex; align-items: flex-start; justify-content: center; padding: 6vh 16px; box-sizing: border-box;
          font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; }
        .panel { background: #1e1f22; color: #f2f2f2; border-left: 6px solid #e5484d; border-radius: 6px;
          max-width: 960px; width: 100%; max-height: 88vh; overflow: auto; padding: 16px 20px;
          box-shadow: 0 12px 40px rgba(0, 0, 0, 0.5); box-sizing: border-box; }
        .header { display: flex; justify-content: space-between; align-items: center; gap: 16px; }
        .title { font-weight: bold; font-size: 15px; color: #ff9592; }
        .close { background: transparent; border: 1px solid currentColor; color: inherit; border-radius: 4px;
          font: inherit; font-size: 18px; line-height: 1; padding: 2px 8px; cursor: pointer; }
        .note { margin: 4px 0 12px; opacity: 0.8; }
        pre { margin: 0 0 8px; white-space: pre-wrap; word-break: break-word; font: inherit; }
        .location { font-weight: bold; color: #ff9592; }
        @media (prefers-color-scheme: light) {
          .panel { background: #ffffff; color: #1b1b1f; }
          .title, .location { color: #b42318; }
        }`;

      function element(tag, className, text) {
        const node = document.createElement(tag);
        if (className) node.className = className;
        if (text !== undefined) node.textContent = text;
        return node;
      }

      function showOverlay(lines) {
        hideOverlay();
        const host = element("div");
        host.id = OVERLAY_ID;
        host.setAttribute("role", "alert");
        const root = host.attachShadow({ mode: "open" });
        root.appendChild(element("style", null, STYLE));
        const backdrop = root.appendChild(element("div", "backdrop"));
        const panel = backdrop.appendChild(element("div", "panel"));
        const header = panel.appendChild(element("div", "header"));
        header.appendChild(element("span", "title", "Cellar: the site did not rebuild"));
        const close = header.appendChild(element("button", "close", "\u00d7"));
        close.type = "button";
        close.title = "Dismiss (Esc)";
        close.addEventListener("click", hideOverlay);
        panel.appendChild(element("p", "note", "The last good version is still served. Fix the file and save."));
        for (const line of lines) {
          const row = panel.appendChild(element("pre", "diagnostic"));
          const match = /^(.+?:\d+(?::\d+)?):\s?([\s\S]*)$/.exec(line);
          if (match) {
            row.appendChild(element("span", "location", match[1] + ":"));
            row.appendChild(document.createTextNode(" " + match[2]));
          } else {
            row.textContent = line;
          }
        }
        (document.body || document.documentElement).appendChild(host);
      }

      function hideOverlay() {
        const existing = document.getElementById(OVERLAY_ID);
        if (existing) existing.remove();
      }

      document.addEventListener("keydown", (event) => { if (event.key === "Escape") hideOverlay(); });
      connect();
    })();

    """#
}

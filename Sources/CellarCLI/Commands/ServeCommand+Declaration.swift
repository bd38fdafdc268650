extension ServeCommand {
    static let host = CommandOption(
        "host", .text(placeholder: "HOST", suggestions: ["127.0.0.1", "0.0.0.0"]), default: "127.0.0.1",
        "Address to listen on (default 127.0.0.1: only this machine)",
        details: "The address to listen on; default `127.0.0.1`, only this machine. `--host 0.0.0.0` makes the site "
            + "visible to other machines on the network (a warning says so).")
    static let port = CommandOption("port", .number, default: "1313", "Port (default 1313; 0 picks a free one)",
                                    details: "The port; default `1313`. `0` picks a free port and prints it.")
    static let timings = CommandOption("timings", "Print how long each stage of each rebuild took")
    static let watcher = CommandOption(
        "watcher", .choice(["native", "poll"]), default: "native",
        "How changes are noticed: native (the system's notifications, the default) or poll (a walk every 250 ms)",
        details: "How changes are noticed: `native` (the default) uses the system's notifications (inotify on Linux, "
            + "FSEvents on macOS); `poll` walks the folders every 250 ms, for file systems whose changes the system "
            + "does not report (network drives, some containers).")

    static let spec = CommandSpec(
        name: "serve",
        summary: "Preview the site in a browser; rebuild and reload on every change.",
        options: SiteOptions.all + [Self.host, Self.port, Self.timings, Self.watcher],
        description: """
            Builds the site into a private temporary folder (never *public/*), serves it over HTTP and watches \
            *content/* and the theme. On every save it rebuilds what changed and every open page reloads by itself (a \
            stylesheet change only swaps the stylesheets). Errors are printed here and shown over the page, with \
            *file:line*; the last good site stays served until they are fixed. By default the site's address is the \
            local one. Ctrl-C (or SIGTERM) stops it and removes the temporary folder.
            """)
}

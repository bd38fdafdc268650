extension BuildCommand {
    static let output = CommandOption(
        "output", .folder, "Write the site to DIR instead of public/ (not inside content/ or themes/)",
        details: "Write the site to *DIR* instead of *public/* (not inside *content/* or *themes/*). "
            + "A folder that is not empty and was not written by Cellar is never touched.")
    static let clean = CommandOption(
        "clean", "Trust nothing the cache says: render every page and compare every file byte for byte",
        details: "Trust nothing the cache in *.cellar-cache/* says: render every page and compare every file with the "
            + "output byte for byte.")
    static let noWait = CommandOption(
        "no-wait", "Fail at once if another build of this site is running, instead of waiting for it",
        details: "Fail at once when another build of the same site is running, instead of waiting for it to finish "
            + "(one build of a site runs at a time).")
    static let quiet = CommandOption("quiet", short: "q", "Print only problems")
    static let timings = CommandOption(
        "timings", "Print how long each stage took (wall, CPU and the kernel's part of it) and the peak memory after it")
    static let trace = CommandOption(
        "trace", "Print a mark with the time since the previous one and the memory in use at each step inside the stages, on stderr",
        details: "Print a mark on standard error at each step inside the stages, with the wall time since the previous "
            + "mark and the resident and peak memory at that moment: where a large build spends its time and reaches its "
            + "peak (use it with `--timings`).")

    static let verbose = CommandOption(
        "verbose", "On a multilingual site, list the items each language has no version of",
        details: "On a multilingual site, a build ends with one line per language but the default, such as "
            + "*Tiếng Việt (vi): 4 of 47 items translated, 43 not*; with `--verbose`, each of those is followed by the "
            + "files of the items without a version in that language.")

    static let spec = CommandSpec(
        name: "build",
        summary: "Render the site into public/.",
        options: SiteOptions.all + [Self.output, Self.clean, Self.noWait, Self.quiet, Self.timings, Self.trace, Self.verbose],
        description: """
            Renders the site into its output folder (*public/* by default). Every problem is reported at \
            *file:line:column*; if any is an error, nothing is written and the previous output stays as it was.

            The new site is put together beside the output (in *.NAME.cellar-spare*) and swapped in at once: the \
            output is the old site or the new one at every instant, even if the build is killed. A second build with \
            nothing changed writes nothing (it says *up to date: no input changed*); otherwise only files whose bytes \
            changed are written. It ends with a line such as \
            *Built 52 pages from 36 items in 0.12 s → public/ (90 written, 0 unchanged)*.
            """)
}

import CellarEngine

/// The options `build`, `serve` and `check` share.
struct SiteOptions: Sendable {
    var site: String?
    var drafts = false
    var future = false
    var baseURL: String?

    static let names = ["site", "drafts", "future", "base-url"]

    init(parsing arguments: inout ArgumentList) throws(UsageError) {
        site = try arguments.option("site")
        drafts = arguments.flag("drafts")
        future = arguments.flag("future")
        baseURL = try arguments.option("base-url")
        if let baseURL, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            throw UsageError("--base-url must be an absolute http(s) URL such as https://example.org/, found '\(baseURL)'")
        }
    }

    func buildOptions(in environment: CommandEnvironment) -> BuildOptions {
        var options = environment.options(site: site)
        options.includeDrafts = drafts
        options.includeFuture = future
        options.baseURL = baseURL
        return options
    }

    static let help = """
          --site DIR        The site folder (holding content/ and themes/); default: the current folder
          --drafts          Include items with draft: true
          --future          Include items dated in the future
          --base-url URL    Use URL instead of the site's base_url
        """
}

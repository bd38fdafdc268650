import CellarEngine

/// The options `build`, `serve` and `check` share.
struct SiteOptions: Sendable {
    var site: String?
    var drafts = false
    var future = false
    var baseURL: String?

    static let siteOption = CommandOption(
        "site", .folder, "The site folder (holding content/ and themes/); default: the current folder",
        details: "The site folder, holding *content/* and *themes/*; default: the current folder. "
            + "Relative paths on the command line are read from the current folder.")
    static let draftsOption = CommandOption("drafts", "Include items with draft: true", details: "Include items with `draft: true`.")
    static let futureOption = CommandOption("future", "Include items dated in the future")
    static let baseURLOption = CommandOption(
        "base-url", .text(placeholder: "URL"), "Use URL instead of the site's base_url",
        details: "Use *URL* (absolute, http or https; a path is allowed, as in `https://example.org/blog/`) instead of "
            + "the site's `base_url`. Every link, asset, feed and sitemap entry gets it.")

    static let all = [siteOption, draftsOption, futureOption, baseURLOption]

    init(_ given: GivenOptions) throws(UsageError) {
        site = given.value(Self.siteOption)
        drafts = given.flag(Self.draftsOption)
        future = given.flag(Self.futureOption)
        baseURL = given.value(Self.baseURLOption)
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
}

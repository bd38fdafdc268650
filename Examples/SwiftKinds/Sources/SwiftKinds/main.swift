import CellarCLI
import CellarEngine
import Foundation

// The site in this folder: reviews and releases are Swift kinds drawn by Swift cells (a review's
// page too); articles and notes keep the theme's Mustache cells, on the same pages.
var site = Site(at: ".")
site.register(kind: Review.self, cell: ReviewCell(), page: ReviewPage())
site.register(kind: Release.self, cell: ReleaseCell())

// `swift run` builds the site into public/; `swift run SwiftKinds kinds`, `check`, `serve`,
// `new review reviews/heat` and the rest work as cellar's commands do, with the Swift kinds.
exit(await site.runCommandLine())

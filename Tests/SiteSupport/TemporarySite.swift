import CellarDiagnostics
import CellarEngine
import Foundation

/// A site written into a fresh temporary folder for one test, removed when the value goes away.
package final class TemporarySite: Sendable {
    /// The repository (for the default theme and the example site).
    package static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }   // Tests/SiteSupport/TemporarySite.swift
        return url.path
    }()

    package let root: String

    /// - Parameters:
    ///   - files: paths relative to the site folder and their contents.
    ///   - theme: the theme to put under themes/default.
    package init(files: [String: String] = [:], theme: Theme = .minimal) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("cellar-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        switch theme {
        case .minimal: try write(MinimalTheme.files)
        case .repository:
            try FileManager.default.copyItem(atPath: Self.repository + "/themes", toPath: root + "/themes")
        case .none: break
        }
        try write(files)
    }

    package enum Theme { case minimal, repository, none }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    package func write(_ files: [String: String]) throws {
        for (path, contents) in files {
            try write(Data(contents.utf8), to: path)
        }
    }

    package func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    package func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: root + "/" + path)
    }

    /// Options for a build of this site; "now" is fixed so dates behave the same every day.
    package func options(drafts: Bool = false, future: Bool = false, baseURL: String? = nil,
                 now: Date = TemporarySite.fixedNow, kinds: KindRegistrations = KindRegistrations()) -> BuildOptions {
        var options = BuildOptions(siteDirectory: root, includeDrafts: drafts, includeFuture: future, baseURL: baseURL, now: now)
        options.kinds = kinds
        return options
    }

    package static let fixedNow = Date(timeIntervalSince1970: 1_893_456_000)   // 2030-01-01

    @discardableResult
    package func build(drafts: Bool = false, future: Bool = false, baseURL: String? = nil) async throws(BuildFailure) -> BuildReport {
        try await SiteBuilder(options: options(drafts: drafts, future: future, baseURL: baseURL)).build()
    }

    /// The diagnostics of a build expected to fail, as printed lines (without hints).
    package func failures(drafts: Bool = false) async -> [String] {
        do {
            try await build(drafts: drafts)
            return []
        } catch {
            return error.diagnostics.sorted.map(\.headline)
        }
    }

    /// The text of an output file, or nil.
    package func output(_ path: String) -> String? {
        try? String(contentsOfFile: root + "/public/" + path, encoding: .utf8)
    }

    package func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root + "/" + path)
    }

    /// Every file under a folder of the site, relative to it, with its bytes.
    package func snapshot(_ folder: String = "public") -> [String: Data] {
        var result: [String: Data] = [:]
        let base = root + "/" + folder
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return result }
        while let path = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[path] = FileManager.default.contents(atPath: base + "/" + path)
            }
        }
        return result
    }
}

/// A small theme whose templates print exactly what tests look for.
package enum MinimalTheme {
    package static let files: [String: String] = [
        "themes/default/kinds/note.yml": "label: Note\npage: true\nfields: {}\n",
        "themes/default/kinds/review.yml": """
            label: Review
            page: true
            fields:
              rating: {type: int, min: 0, max: 10, description: "Score out of ten"}
              poster: image?
              verdict: {type: enum, values: [must-see, good, skip], default: good}
              cast: "[string]?"
              released: date?
              country: string?
            """,
        "themes/default/kinds/link.yml": "label: Link\npage: false\nfields:\n  link: url\n",
        "themes/default/cells/note.html": "<li class=\"note\">{{title}}</li>\n",
        "themes/default/cells/review.html": "<li class=\"review\"><a href=\"{{url}}\">{{title}}</a> {{rating}}/10 {{verdict}}</li>\n",
        "themes/default/cells/link.html": "<li class=\"link\"><a href=\"{{link}}\">{{title}}</a></li>\n",
        "themes/default/layouts/base.html": """
            <!DOCTYPE html><html lang="{{site.language}}"><head><title>{{page.full_title}}</title>\
            {{#page.feeds}}<link rel="alternate" type="{{type}}" href="{{url}}">{{/page.feeds}}</head>
            <body>{{$main}}{{/main}}</body></html>

            """,
        "themes/default/layouts/home.html": """
            {{<base}}{{$main}}{{#page.sections}}<section><h2><a href="{{url}}">{{title}}</a></h2><ul>
            {{{cells}}}</ul></section>{{/page.sections}}{{/main}}{{/base}}
            """,
        "themes/default/layouts/list.html": """
            {{<base}}{{$main}}<h1>{{page.title}}</h1>{{#page.sections}}<section>{{#title}}<h2>{{title}}</h2>{{/title}}<ul>
            {{{cells}}}</ul></section>{{/page.sections}}\
            {{#page.pagination}}<nav>{{#previous_url}}<a rel="prev" href="{{previous_url}}">prev</a>{{/previous_url}}\
            {{current}}/{{total}}{{#next_url}}<a rel="next" href="{{next_url}}">next</a>{{/next_url}}</nav>{{/page.pagination}}\
            {{/main}}{{/base}}
            """,
        "themes/default/layouts/item.html": """
            {{<base}}{{$main}}{{#item}}<article><h1>{{title}}</h1>{{{content}}}</article>{{/item}}\
            {{#previous}}<a rel="prev" href="{{url}}">{{title}}</a>{{/previous}}{{#next}}<a rel="next" href="{{url}}">{{title}}</a>{{/next}}\
            {{/main}}{{/base}}
            """,
        "themes/default/layouts/taxonomy.html": "{{<base}}{{$main}}{{#page.tags}}<a href=\"{{url}}\">{{name}} ({{count}})</a>{{/page.tags}}{{/main}}{{/base}}",
        "themes/default/layouts/404.html": "{{<base}}{{$main}}<h1>Not found</h1>{{/main}}{{/base}}",
    ]
}

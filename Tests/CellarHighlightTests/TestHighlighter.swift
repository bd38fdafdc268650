import CellarHighlight
import Foundation

/// One highlighter for the tests, with its data folder in a fresh temporary cache folder.
let testHighlighter: CodeHighlighter = CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: temporaryFolder("cache")))

/// The same, matching with Source-highlight's own Boost rules.
let boostHighlighter: CodeHighlighter = CodeHighlighter.prepare(CodeHighlighter.Configuration(cacheFolder: temporaryFolder("cache-boost"), matcher: .boost))

/// The folder of this test process's files, removed when the process exits.
let testRoot: String = {
    let path = NSTemporaryDirectory() + "cellar-highlight-tests-\(getpid())"
    atexit { try? FileManager.default.removeItem(atPath: testRoot) }
    return path
}()

/// A new empty folder under ``testRoot``, unique to this call.
func temporaryFolder(_ name: String) -> String {
    let path = testRoot + "/\(UUID().uuidString.prefix(8))/\(name)"
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return path
}

/// The HTML of `code` highlighted in `language` (the default options).
func highlighted(_ code: String, _ language: String) -> String {
    testHighlighter.highlight(code, language: language).html
}

/// `<span class="hl-ELEMENT">TEXT</span>` (`text` as it appears escaped in the HTML).
func span(_ element: String, _ text: String) -> String {
    "<span class=\"hl-\(element)\">\(text)</span>"
}

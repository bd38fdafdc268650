import Foundation

/// The files a source site tells its generator to leave alone: Hugo's `ignoreFiles` (regular
/// expressions) or Jekyll's `exclude` (paths and globs, with `include` taking some back).
struct IgnoreRules: Sendable {
    var expressions: [String] = []
    var globs: [String] = []
    var includes: [String] = []

    /// Whether `path` (relative to the source folder) is ignored, and the rule that says so.
    func rule(ignoring path: String) -> String? {
        for glob in includes where Self.matches(glob: glob, path: path) { return nil }
        for glob in globs where Self.matches(glob: glob, path: path) { return glob }
        for expression in expressions {
            guard let regex = try? NSRegularExpression(pattern: expression) else { continue }
            if regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil { return expression }
        }
        return nil
    }

    /// Jekyll's test: the pattern names the path or a folder above it, or matches it as `fnmatch`
    /// does without `FNM_PATHNAME` (`*` crosses `/`).
    static func matches(glob: String, path: String) -> Bool {
        var pattern = glob
        while pattern.hasPrefix("/") { pattern.removeFirst() }
        if pattern.hasSuffix("/") { pattern.removeLast() }
        if pattern.isEmpty { return false }
        if path == pattern || path.hasPrefix(pattern + "/") { return true }
        if !pattern.contains(where: { "*?[".contains($0) }) {
            // Jekyll also compares the joined strings: "vendor" excludes "vendor.js".
            return path.hasPrefix(pattern)
        }
        return fnmatch(Array(pattern), Array(path))
    }

    private static func fnmatch(_ pattern: [Character], _ text: [Character]) -> Bool {
        var p = 0, t = 0
        var star: Int?, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "[", let (matched, next) = bracket(pattern, p, text[t]) , matched {
                p = next
                t += 1
            } else if let star {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    private static func bracket(_ pattern: [Character], _ start: Int, _ character: Character) -> (Bool, Int)? {
        var index = start + 1
        var negate = false
        if index < pattern.count, pattern[index] == "!" || pattern[index] == "^" {
            negate = true
            index += 1
        }
        var matched = false
        var first = true
        while index < pattern.count, pattern[index] != "]" || first {
            first = false
            if index + 2 < pattern.count, pattern[index + 1] == "-", pattern[index + 2] != "]" {
                if pattern[index] <= character, character <= pattern[index + 2] { matched = true }
                index += 3
            } else {
                if pattern[index] == character { matched = true }
                index += 1
            }
        }
        guard index < pattern.count else { return nil }
        return (matched != negate, index + 1)
    }
}

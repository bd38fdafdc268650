import CellarSiteTestSupport
import Foundation
import Testing

/// The manual's architecture page lists every module of `Package.swift` with the modules it depends
/// on: a module added, removed or rewired fails here until the page says so.
@Suite struct ArchitecturePageTests {
    static let page = "docs/content/architecture.md"

    @Test func theModuleTableIsThePackagesGraph() throws {
        let manifest = try String(contentsOfFile: TemporarySite.repository + "/Package.swift", encoding: .utf8)
        let package = Self.targets(in: manifest)
        let rows = try Self.rows(of: String(contentsOfFile: TemporarySite.repository + "/" + Self.page, encoding: .utf8))
        #expect(Set(rows.flatMap(\.modules)) == Set(package.keys), "modules of \(Self.page) and Package.swift differ")
        for row in rows {
            let wanted = Set(row.modules.flatMap { package[$0] ?? [] })
            #expect(row.dependencies == wanted, "\(row.modules.joined(separator: ", ")): the page says \(row.dependencies.sorted()), Package.swift \(wanted.sorted())")
        }
    }

    /// Every target of the manifest that ships or builds code (not tests nor test support), with the
    /// targets it depends on.
    static func targets(in manifest: String) -> [String: Set<String>] {
        var targets: [String: Set<String>] = [:]
        var rest = manifest[...]
        while let start = rest.range(of: #"\.(target|systemLibrary|executableTarget)\(\s*name: "([^"]+)""#, options: .regularExpression) {
            // The call runs to its closing parenthesis.
            var depth = 0
            var end = start.lowerBound
            for index in rest[start.lowerBound...].indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1; if depth == 0 { end = index; break } }
            }
            let call = rest[start.lowerBound...end]
            rest = rest[rest.index(after: end)...]
            guard !call.contains("path: \"Tests/"),
                  let name = call.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
            var dependencies: Set<String> = []
            if let list = call.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
                for match in list.matches(of: /"([^"]+)"/) { dependencies.insert(String(match.1)) }
            }
            targets[String(name)] = dependencies
        }
        return targets
    }

    struct Row { var modules: [String]; var dependencies: Set<String> }

    /// The rows of the page's module table: the modules named in the first column, the modules
    /// (in backquotes) of the second; C libraries there are named without.
    static func rows(of page: String) throws -> [Row] {
        let start = try #require(page.range(of: "<!-- modules: checked against Package.swift by ArchitecturePageTests -->"))
        let end = try #require(page.range(of: "<!-- end of modules -->", range: start.upperBound..<page.endIndex))
        return page[start.upperBound..<end.lowerBound].split(separator: "\n").dropFirst(2).map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            func names(_ cell: String) -> [String] { cell.matches(of: /`([A-Za-z0-9-]+)`/).map { String($0.1) } }
            return Row(modules: names(cells[1]), dependencies: Set(names(cells[2])))
        }
    }
}

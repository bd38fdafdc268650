import Foundation

/// The public API of Cellar's library products, read from the symbol graphs of the modules the
/// test run built (`swift-symbolgraph-extract` on `.build/<triple>/<configuration>/Modules`), and
/// written as the manual's "public API" page. Reading the compiled modules, not the sources, means
/// the list is what the compiler makes public — inherited, synthesized and `package` members excluded.
struct PublicAPIListing {
    /// One public declaration.
    struct Symbol: Equatable {
        var path: [String]
        var kind: String
        var declaration: String
        var summary: String?
        var file: String
        var line: Int
    }

    /// The modules a client sees, in the order the manual lists them, with what each is for.
    static let modules: [(name: String, about: String)] = [
        ("CellarEngine", "`import CellarEngine`: sites, kinds, cells and pages"),
        ("CellarCLI", "`import CellarCLI`: the command line on a `Site`"),
        ("CellarDiagnostics", "reached through `CellarEngine`'s `Diagnostic`, `SourceLocation` and `DiagnosticBag`"),
    ]

    static let begin = "<!-- BEGIN PUBLIC API: generated from the modules' symbol graphs by PublicAPITests; CELLAR_RECORD_DOCS=1 swift test --filter PublicAPITests -->"
    static let end = "<!-- END PUBLIC API -->"

    var symbols: [String: [Symbol]]

    /// Extracts and reads the symbol graphs of ``modules``.
    static func extract(repository: String) throws -> PublicAPIListing {
        let build = try buildDirectory(repository: repository)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-api-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: output) }
        var symbols: [String: [Symbol]] = [:]
        for (module, _) in modules {
            let graphs = output + "/" + module
            try FileManager.default.createDirectory(atPath: graphs, withIntermediateDirectories: true)
            try run(extractor(module: module, build: build, repository: repository, output: graphs))
            for file in try FileManager.default.contentsOfDirectory(atPath: graphs) where file.hasSuffix(".symbols.json") {
                let data = try Data(contentsOf: URL(fileURLWithPath: graphs + "/" + file))
                symbols[module, default: []] += try read(data, repository: repository)
            }
        }
        return PublicAPIListing(symbols: symbols)
    }

    /// The manual's section: each module, its types and their members, with the first line of each doc comment.
    var markdown: String {
        var lines: [String] = []
        for (module, about) in Self.modules {
            let all = symbols[module] ?? []
            lines.append("**\(module)** — \(about) (\(all.count) public symbol\(all.count == 1 ? "" : "s")):")
            lines.append("")
            for (name, group) in Dictionary(grouping: all, by: { $0.path[0] }).sorted(by: { $0.key < $1.key }) {
                // A type of this module, or an extension of another module's type (`Site` in CellarCLI).
                if let type = group.first(where: { $0.path.count == 1 }) {
                    lines.append("- " + Self.entry(type))
                } else {
                    lines.append("- `extension \(name)`")
                }
                var seen: Set<[String]> = []
                let isProtocol = group.contains { $0.path.count == 1 && $0.kind == "swift.protocol" }
                for member in Self.ordered(group.filter { $0.path.count > 1 }) {
                    // A protocol's requirement, then its default implementation of the same name.
                    let isDefault = !seen.insert(member.path).inserted && isProtocol
                    lines.append(String(repeating: "  ", count: member.path.count - 1) + "- "
                                 + (isDefault ? "default: " : "") + Self.entry(member))
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Every public symbol without a doc comment of its own, as `Module: Type.member`.
    var undocumented: [String] {
        symbols.sorted { $0.key < $1.key }.flatMap { module, symbols in
            symbols.filter { $0.summary == nil }.map { "\(module): " + $0.path.joined(separator: ".") }
        }
    }

    // MARK: - Private

    private static func entry(_ symbol: Symbol) -> String {
        "`\(symbol.declaration)`" + (symbol.summary.map { " — " + $0 } ?? "")
    }

    /// In the order of the sources: by file, then line.
    private static func ordered(_ symbols: [Symbol]) -> [Symbol] {
        symbols.sorted { ($0.file, $0.line, $0.declaration) < ($1.file, $1.line, $1.declaration) }
    }

    private static func read(_ data: Data, repository: String) throws -> [Symbol] {
        let graph = try JSONDecoder().decode(Graph.self, from: data)
        return graph.symbols.compactMap { symbol in
            guard let location = symbol.location else { return nil }   // inherited or synthesized
            let declaration = symbol.declarationFragments.map { fragment in
                // `typealias Diagnostic = CellarDiagnostics.Diagnostic`, not `= Diagnostic`.
                guard symbol.kind.identifier == "swift.typealias", fragment.kind == "typeIdentifier",
                      let module = fragment.preciseIdentifier.flatMap(Self.module(ofMangled:)) else { return fragment.spelling }
                return module + "." + fragment.spelling
            }.joined()
                .replacingOccurrences(of: "\n", with: " ")
                .replacingOccurrences(of: "  ", with: " ")
            // The first paragraph of the doc comment.
            let summary = symbol.docComment?.lines.map { $0.text.trimmingCharacters(in: .whitespaces) }
                .prefix { !$0.isEmpty && !$0.hasPrefix("- ") }.joined(separator: " ")
            let file = URL(string: location.uri)?.path ?? location.uri
            return Symbol(path: symbol.pathComponents, kind: symbol.kind.identifier, declaration: declaration,
                          summary: summary.flatMap { $0.isEmpty ? nil : $0 },
                          file: file.replacingOccurrences(of: repository + "/", with: ""), line: location.position.line)
        }
    }

    private struct Graph: Decodable {
        var symbols: [GraphSymbol]
    }

    private struct GraphSymbol: Decodable {
        struct Kind: Decodable { var identifier: String }
        struct Fragment: Decodable { var kind: String; var spelling: String; var preciseIdentifier: String? }
        struct DocComment: Decodable { struct Line: Decodable { var text: String }; var lines: [Line] }
        struct Location: Decodable { struct Position: Decodable { var line: Int }; var uri: String; var position: Position }
        var kind: Kind
        var pathComponents: [String]
        var declarationFragments: [Fragment]
        var docComment: DocComment?
        var location: Location?
    }

    /// The module of a mangled Swift name: `s:17CellarDiagnostics10DiagnosticV` → `CellarDiagnostics`.
    private static func module(ofMangled name: String) -> String? {
        guard name.hasPrefix("s:") else { return nil }
        let rest = name.dropFirst(2)
        let digits = rest.prefix { $0.isNumber }
        guard let length = Int(digits) else { return nil }
        return String(rest.dropFirst(digits.count).prefix(length))
    }

    /// The folder of the build that holds this test run: `.build/<triple>/<configuration>`.
    private static func buildDirectory(repository: String) throws -> String {
        var candidates: [String] = []
        if let executable = Bundle.main.executablePath {
            var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(folder.path)
                folder.deleteLastPathComponent()
            }
        }
        let scratch = repository + "/.build"
        for triple in (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? [] {
            candidates += ["debug", "release"].map { "\(scratch)/\(triple)/\($0)" }
        }
        guard let found = candidates.first(where: {
            FileManager.default.fileExists(atPath: $0 + "/Modules/CellarEngine.swiftmodule")
        }) else {
            throw ListingError("no built CellarEngine.swiftmodule near \(Bundle.main.executablePath ?? "?") or in \(scratch)")
        }
        return found
    }

    private static func extractor(module: String, build: String, repository: String, output: String) -> [String] {
        let triple = URL(fileURLWithPath: build).deletingLastPathComponent().lastPathComponent
        var arguments = [
            "swift-symbolgraph-extract", "-module-name", module, "-target", triple,
            "-I", build + "/Modules", "-output-dir", output,
            "-minimum-access-level", "public", "-skip-synthesized-members", "-skip-inherited-docs",
        ]
        // The C modules the Swift modules import internally, as the build found them.
        for system in ["CCmark", "CYAML", "CMicroHTTPD", "CStemmer"] { arguments += ["-I", repository + "/Sources/" + system] }
        for target in ["CToml11", "CSourceHighlight", "CVips"] {
            arguments += ["-I", repository + "/Sources/\(target)/include",
                          "-Xcc", "-fmodule-map-file=\(build)/\(target).build/module.modulemap"]
        }
        #if os(macOS)
        if let sdk = try? capture(["xcrun", "--show-sdk-path"]) { arguments += ["-sdk", sdk] }
        #endif
        return arguments
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ListingError("\(arguments.joined(separator: " ")) failed: " + String(decoding: message, as: UTF8.self))
        }
    }

    private static func capture(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct ListingError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

@testable import CellarCLI
import CellarEngine
import Foundation
import Testing

/// The command line is declared once (each command's ``CommandSpec``): the parser, `--help`, the
/// man page, the shell completions and the manual's command reference are written from it. These
/// tests check each of them against the declarations, and that the one generated file kept in git
/// is current. (`scripts/test-completions` drives both shells interactively, kinds included.)
@Suite struct CommandLineDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let reference = "docs/content/reference/commands.md"

    /// Every `--option` in `text`.
    static func options(in text: String) -> Set<String> {
        let words = text.split(whereSeparator: { (character: Character) in !(character.isLetter || character.isNumber || character == "-") })
        return Set(words.filter { $0.hasPrefix("--") && $0.count > 2 }.map { String($0) })
    }

    static func declared(_ spec: CommandSpec) -> Set<String> {
        Set(spec.options.map(\.long))
    }

    @Test func theManualsCommandReferenceIsCurrent() throws {
        let generated = CommandReference(commands: CellarCommandLine.commands).markdown + "\n"
        let committed = try? String(contentsOfFile: Self.root + "/" + Self.reference, encoding: .utf8)
        #expect(committed == generated, "\(Self.reference) is stale: run scripts/generate-cli-docs")
        for command in CellarCommandLine.commands {
            #expect(generated.contains("\n## cellar \(command.name)\n"))
            for option in command.options { #expect(generated.contains("| `\(option.spellings)` |"), "\(option.long)") }
        }
    }

    @Test func everyDeclaredOptionIsReadByTheParser() async throws {
        for command in CLI.commands {
            for option in command.spec.options {
                var words: [String] = [option.long]
                if let value = option.value.suggestions.first ?? option.defaultValue {
                    words.append(value)
                } else if option.value != .none {
                    words.append(option.value == .number ? "8080" : "https://example.org/")
                }
                var arguments = ArgumentList(words)
                let given = try arguments.options(command.spec.options)
                #expect(given.flag(option) || given.value(option) != nil, "\(command.name) \(option.long)")
                #expect(throws: Never.self) { try arguments.finish(known: []) }
            }
        }
    }

    @Test func aChoiceOutsideItsWordsIsAUsageMistake() throws {
        var arguments = ArgumentList(["--watcher", "stat"])
        #expect(throws: UsageError("--watcher must be native or poll, found 'stat'")) {
            try arguments.options(ServeCommand.spec.options)
        }
    }

    @Test func anOptionMeansOneThingInEveryCommand() {
        var values: [String: OptionValue] = [:]
        for option in CellarCommandLine.commands.flatMap(\.options) {
            #expect(values[option.name, default: option.value] == option.value, "\(option.long) takes different values")
            values[option.name] = option.value
        }
    }

    @Test func helpListsEachOptionOfEachCommand() {
        for command in CLI.commands {
            #expect(Self.options(in: command.help) == Self.declared(command.spec), "cellar help \(command.name)")
        }
        #expect(CLI.usage.contains("-h, --help") && CLI.usage.contains("-V, --version"))
    }

    @Test func theManPageDescribesEachCommandWithItsOptions() {
        let page = ManPage(commands: CellarCommandLine.commands).text
        #expect(page.hasPrefix(".TH CELLAR 1 \"\" \"Cellar \(CellarVersion.current)\" \"User Commands\"\n"))
        let unescaped = page.replacingOccurrences(of: "\\-", with: "-")
        for command in CellarCommandLine.commands {
            let sections = unescaped.components(separatedBy: "\n.SS \"cellar \(command.name)").dropFirst()
                .map { $0.components(separatedBy: "\n.S").first ?? "" }
            #expect(!sections.isEmpty, "no .SS section for \(command.name)")
            let described = sections.reduce(into: Set<String>()) { $0.formUnion(Self.options(in: $1)) }
            #expect(Self.declared(command).isSubset(of: described), "the man page's section on \(command.name)")
        }
        #expect(unescaped.contains(".BR -h \", \" --help") && unescaped.contains(".BR -V \", \" --version"))
        #expect(!page.unicodeScalars.contains { !$0.isASCII }, "groff wants ASCII; other characters are escaped")
    }

    @Test func zshCompletesEachCommandWithItsOptions() {
        let script = ZshCompletion(commands: CellarCommandLine.commands, globalOptions: CellarCommandLine.globalOptions).script
        for command in CellarCommandLine.commands {
            #expect(script.contains("    '\(command.name):"), "zsh does not offer the command \(command.name)")
            let body = script.components(separatedBy: "\n        \(command.name))\n").dropFirst().first?
                .components(separatedBy: ";;\n        ").first ?? ""
            #expect(Self.options(in: body) == Self.declared(command), "zsh's options for \(command.name)")
        }
        #expect(script.contains("{-h,--help}") && script.contains("{-V,--version}"))
    }

    /// What the generated bash completion offers after `words`, by running it in bash.
    static func bashOffers(_ words: [String]) throws -> Set<String> {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("cellar-completion-\(UUID().uuidString).bash").path
        try BashCompletion(commands: CellarCommandLine.commands).script.write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", "-c", """
            source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _cellar
            printf '%s\\n' "${COMPREPLY[@]}"
            """, "bash", script] + words
        process.environment = ["PATH": "/usr/bin:/bin"]   // no cellar: kinds are not asked here
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    @Test func bashCompletesEachCommandWithItsOptions() throws {
        #expect(try Self.bashOffers(["cellar", ""]) == Set(CellarCommandLine.commands.map(\.name) + ["--help", "--version"]))
        for command in CellarCommandLine.commands {
            var offered: Set<String> = []
            for form in command.forms {
                let words = form.positionals.map { $0.isLiteral ? $0.name : "x" }
                offered.formUnion(try Self.bashOffers(["cellar", command.name] + words + ["--"]))
            }
            #expect(offered == Self.declared(command), "bash's options for \(command.name)")
        }
        #expect(try Self.bashOffers(["cellar", "serve", "--watcher", ""]) == ["native", "poll"])
        #expect(try Self.bashOffers(["cellar", "import", ""]) == ["hugo", "jekyll"])
    }

    @Test func helpPrintsTheManPageAndTheReference() async throws {
        let folder = try TemporaryFolder()
        let man = await Run.cellar(["help", "--man"], in: folder.path)
        #expect(man.status == .success && man.out == ManPage(commands: CellarCommandLine.commands).text + "\n")
        let markdown = await Run.cellar(["help", "--markdown"], in: folder.path)
        #expect(markdown.status == .success && markdown.out.hasPrefix("---\ntitle: Commands\n"))
        let bash = await Run.cellar(["completions", "bash"], in: folder.path)
        #expect(bash.status == .success && bash.out.hasSuffix("complete -F _cellar cellar\n"))
        let fish = await Run.cellar(["completions", "fish"], in: folder.path)
        #expect(fish.status == .usage && fish.err.hasPrefix("cellar completions: cellar writes completions for bash or zsh, not 'fish'\n"))
    }
}
